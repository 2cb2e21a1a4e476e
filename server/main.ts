/** Boots the server: `npm start` runs this after building. */
import { buildApp } from './app';
import { ConfigError, loadConfig } from './config';

try {
  const config = loadConfig();
  const app = await buildApp(config);
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  console.error(error instanceof ConfigError ? `Configuration error: ${error.message}` : error);
  process.exit(1);
}
