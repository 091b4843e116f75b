import { Injectable } from '@nestjs/common';
import { InjectDataSource } from '@nestjs/typeorm';
import type { DataSource, EntityManager } from 'typeorm';
import { ConnectorInstanceEntity } from '../entities';

@Injectable()
export class ConnectorInstanceRepository {
  constructor(@InjectDataSource() private readonly dataSource: DataSource) {}

  /** Mirrors a configured instance into the table, keeping its cursor. */
  async upsertDeclared(input: {
    name: string;
    kind: string;
    config: Record<string, unknown>;
    enabled: boolean;
  }): Promise<ConnectorInstanceEntity> {
    await this.dataSource.query(
      `INSERT INTO connector_instance (name, kind, config, enabled) VALUES ($1, $2, $3, $4)
       ON CONFLICT (name) DO UPDATE SET kind = EXCLUDED.kind, config = EXCLUDED.config,
         enabled = EXCLUDED.enabled, updated_at = now()`,
      [input.name, input.kind, JSON.stringify(input.config), input.enabled],
    );
    return this.dataSource.manager.findOneByOrFail(ConnectorInstanceEntity, { name: input.name });
  }

  findByName(name: string): Promise<ConnectorInstanceEntity | null> {
    return this.dataSource.manager.findOneBy(ConnectorInstanceEntity, { name });
  }

  findById(id: string): Promise<ConnectorInstanceEntity | null> {
    return this.dataSource.manager.findOneBy(ConnectorInstanceEntity, { id });
  }

  list(): Promise<ConnectorInstanceEntity[]> {
    return this.dataSource.manager.find(ConnectorInstanceEntity, { order: { name: 'ASC' } });
  }

  async saveCursor(
    id: string,
    cursor: Record<string, unknown> | null,
    manager: EntityManager = this.dataSource.manager,
  ): Promise<void> {
    await manager.update(ConnectorInstanceEntity, { id }, { cursor } as never);
  }

  async recordPull(id: string, stats: Record<string, unknown>): Promise<void> {
    await this.dataSource.manager.update(ConnectorInstanceEntity, { id }, {
      lastPullAt: new Date(),
      lastPullStats: stats,
    } as never);
  }
}
