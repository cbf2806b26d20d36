/**
 * What the report reads from the events' user agents, each distinct one tested once here rather than
 * per event in SQL: known bots, by isbot (pinned in package.json; its pattern list is kept current
 * upstream, so updating the package updates the list), whose lines sql/02_classified.sql counts as
 * `bot` and leaves out; and the device type (mobile, tablet, desktop, tv), by bowser, for the
 * exploratory breakdowns. The results go to two small tables, bot_agents (user_agent) and
 * agent_devices (user_agent, device); a warehouse fills them the same way from its distinct agents.
 */
import Bowser from 'bowser';
import { isbot } from 'isbot';
import { sqlString, type SqlSession } from './duckdb.ts';

/** The tables the SQL reads, empty (referenceTableStatements creates them; fillUserAgentTables fills them). */
export const USER_AGENT_TABLES = ['CREATE TABLE bot_agents (user_agent VARCHAR)', 'CREATE TABLE agent_devices (user_agent VARCHAR, device VARCHAR)'];

/** The device type of a user agent as bowser reads it, '(unknown)' when it cannot tell. */
export function deviceOf(userAgent: string): string {
  if (!userAgent.trim()) return '(unknown)';
  return Bowser.getParser(userAgent).getPlatformType(true) || '(unknown)';
}

async function insert(db: SqlSession, table: string, rows: string[][]): Promise<void> {
  // in chunks: a thousand rows a statement keeps each statement small for any engine
  for (let k = 0; k < rows.length; k += 1000)
    await db.run(
      `INSERT INTO ${table} VALUES ${rows
        .slice(k, k + 1000)
        .map((r) => `(${r.map(sqlString).join(', ')})`)
        .join(', ')}`,
    );
}

/** Fills bot_agents and agent_devices from the distinct user agents of raw_events. */
export async function fillUserAgentTables(db: SqlSession): Promise<void> {
  const agents = (await db.rows<{ user_agent: string }>('SELECT DISTINCT user_agent FROM raw_events WHERE user_agent IS NOT NULL')).map((a) => a.user_agent);
  const bots = agents.filter((agent) => isbot(agent));
  const botSet = new Set(bots);
  await insert(
    db,
    'bot_agents',
    bots.map((b) => [b]),
  );
  await insert(
    db,
    'agent_devices',
    agents.filter((a) => !botSet.has(a)).map((a) => [a, deviceOf(a)]),
  );
}
