/**
 * The app's OpenAPI document, built as createApp builds it but without a database: Nest's preview mode
 * reads the modules and routes without instantiating a provider (nothing connects anywhere).
 */
import type { INestApplication } from '@nestjs/common';
import { NestFactory } from '@nestjs/core';
import type { OpenAPIObject } from '@nestjs/swagger';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { apiDocument } from '../src/api';
import { AppModule } from '../src/app.module';
import { validateConfig } from '../src/config/config-loader';
import { REGIME_PLUGINS } from '../src/regimes';

export interface PreviewedDocument {
  app: INestApplication;
  document: OpenAPIObject;
  close(): Promise<void>;
}

export async function previewApiDocument(): Promise<PreviewedDocument> {
  const dataDir = mkdtempSync(join(tmpdir(), 'openapi-preview-'));
  // Never connected to: preview mode instantiates nothing.
  const databaseUrl = 'postgres://preview@127.0.0.1:9/none';
  const config = validateConfig({
    server: { port: 0, roles: ['api', 'worker'], dataDir },
    database: { url: databaseUrl },
    security: { apiKeys: ['preview-api-key-0123456789abcdef'] },
    connectors: [],
  });
  const app = await NestFactory.create(AppModule.forRoot({ config, databaseUrl }), {
    preview: true,
    logger: false,
  });
  const document = apiDocument(
    app,
    REGIME_PLUGINS.map((plugin) => plugin.descriptor),
  );
  return {
    app,
    document,
    close: async () => {
      await app.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
