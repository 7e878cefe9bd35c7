import type { FastifyInstance } from 'fastify';
import { settingPagesRoutes } from './pages.js';
import { settingsRoutes } from './routes.js';
import { registerSettingsUnderFourEyes } from './four-eyes.js';

/** System → default settings, and the active period and visible tel. no. pages. */
export function settingsModule(app: FastifyInstance) {
  registerSettingsUnderFourEyes();
  settingsRoutes(app);
  settingPagesRoutes(app);
}
