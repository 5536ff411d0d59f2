// Runs once per PostgreSQL test run: makes the target database's server hold a migrated template
// that every test file clones (CREATE DATABASE … TEMPLATE is far faster than migrating each time).
import type { TestProject } from 'vitest/node';
import { migrateDatabase, openDatabase } from '../src/db/client.ts';
import { adminUrl, withDatabase } from './pg-url.ts';

export default async function setup(project: TestProject) {
  const base = process.env.DATABASE_URL;
  if (!base) throw new Error('The PostgreSQL test project needs DATABASE_URL');
  const template = `kassa_tpl_${process.pid}`;
  const admin = await openDatabase({ url: adminUrl(base) });
  await admin.query(`drop database if exists ${template} with (force)`);
  await admin.query(`create database ${template}`);
  const db = await openDatabase({ url: withDatabase(base, template) });
  await migrateDatabase(db);
  await db.close();
  project.provide('pgTemplate', template);
  return async () => {
    await admin.query(`drop database if exists ${template} with (force)`);
    await admin.close();
  };
}
