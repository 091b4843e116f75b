/**
 * Refuses to start a process whose master key is not the one the database's secrets are sealed with.
 * Without it, a second worker with its own data folder generated its own development key and failed, one
 * by one, on every secret the others had sealed ("secret-box: cannot open"). The first process to start
 * records its key's check value; every later one compares at boot and stops with one clear line.
 */
import { Injectable, type OnModuleInit } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource } from 'typeorm';
import { AppConfig, ConfigError } from '../config';
import { keyCheckValue, MasterKey } from '../security';

@Injectable()
export class MasterKeyCheck implements OnModuleInit {
  constructor(
    @InjectDataSource() private readonly dataSource: DataSource,
    private readonly masterKey: MasterKey,
    private readonly config: AppConfig,
  ) {}

  async onModuleInit(): Promise<void> {
    const mine = keyCheckValue(this.masterKey.value);
    // Two statements: a SELECT in the INSERT's statement would not see a row another first process
    // committed while this one waited on the conflict.
    await this.dataSource.query(
      `INSERT INTO master_key_check (check_value) VALUES ($1) ON CONFLICT (id) DO NOTHING`,
      [mine],
    );
    const rows: { check_value: string }[] = await this.dataSource.query(
      `SELECT check_value FROM master_key_check`,
    );
    const recorded = rows[0]?.check_value;
    if (recorded === mine) return;
    const source = this.config.security.encryptionKey
      ? 'security.encryptionKey (ENCRYPTION_KEY)'
      : `the development key generated in ${this.config.server.dataDir}/master-key`;
    throw new ConfigError([
      `master key mismatch: this process's key (${source}, check value ${mine.slice(0, 8)}) is not the ` +
        `one this database's secrets are sealed with (check value ${recorded?.slice(0, 8)}); give every ` +
        'process sharing the database the same security.encryptionKey',
    ]);
  }
}
