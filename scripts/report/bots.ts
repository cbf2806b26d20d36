/**
 * Known bots, by their user agent: isbot (pinned in package.json; its pattern list is kept current
 * upstream, so updating the package updates the list). The events' distinct user agents are read
 * once, each is tested here, and the bots' go to the table bot_agents, whose lines
 * sql/02_classified.sql counts as `bot` and leaves out. A warehouse fills bot_agents the same way.
 */
import { isbot } from 'isbot';
import { sqlString, type SqlSession } from './duckdb.ts';

/** The table the SQL reads, empty (referenceTableStatements creates it; fillBotAgents fills it). */
export const BOT_AGENTS_TABLE = 'CREATE TABLE bot_agents (user_agent VARCHAR)';

/** Inserts into bot_agents the user agents of raw_events that isbot knows as bots; returns how many. */
export async function fillBotAgents(db: SqlSession): Promise<number> {
  const agents = await db.rows<{ user_agent: string }>('SELECT DISTINCT user_agent FROM raw_events WHERE user_agent IS NOT NULL');
  const bots = agents.map((a) => a.user_agent).filter((agent) => isbot(agent));
  // in chunks: one statement per thousand keeps each statement small for any engine
  for (let k = 0; k < bots.length; k += 1000)
    await db.run(
      `INSERT INTO bot_agents (user_agent) VALUES ${bots
        .slice(k, k + 1000)
        .map((b) => `(${sqlString(b)})`)
        .join(', ')}`,
    );
  return bots.length;
}
