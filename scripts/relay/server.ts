/**
 * The relay as a plain Node server: `npm run relay` (RELAY_PORT, default 8787; RELAY_HOST, default
 * 127.0.0.1). The variables are those of docs/operations.md "Server-side conversions"; a wrong one
 * stops it before it listens, with every problem named.
 */
import { createServer } from 'node:http';
import { relayConfigFromEnv } from './config.ts';
import { deadLetterFile } from './deadLetterFile.ts';
import { createNodeHandler } from './handler.ts';
import { createRelay } from './relay.ts';

const { config, token, deadLetterFile: file, problems } = relayConfigFromEnv(process.env);
if (!token) problems.push('RELAY_TOKEN must be set: the backend sends it as Authorization: Bearer <RELAY_TOKEN>');
if (problems.length) {
  console.error(`The relay's configuration is wrong:\n- ${problems.join('\n- ')}`);
  process.exit(1);
}
const vendors = (['meta', 'ga4', 'segment'] as const).filter((v) => config[v]);
const relay = createRelay({ ...config, deadLetter: deadLetterFile(file) });
const port = Number(process.env.RELAY_PORT || 8787);
const host = process.env.RELAY_HOST || '127.0.0.1';
createServer(createNodeHandler(relay, token)).listen(port, host, () => {
  console.log(`Purchase relay on http://${host}:${port} for ${vendors.join(', ') || 'no vendor (none configured)'}; dead letters: ${file}`);
});
