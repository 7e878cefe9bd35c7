import { createTestApp, type TestApp } from '../helpers/app.js';
import { fourEyesOff } from '../helpers/four-eyes.js';
import { holidaysModule } from '../../src/modules/holidays/index.js';
import { settingsModule } from '../../src/modules/settings/index.js';
import { toolsModule } from '../../src/modules/tools/index.js';
import { MODULES } from '../../src/modules/index.js';

/** The app with the loan-mathematics modules (added here unless the server already lists them). */
export async function createToolsApp(): Promise<TestApp> {
  const mine = [toolsModule, settingsModule, holidaysModule].filter((m) => !MODULES.includes(m));
  const t = await createTestApp({ modules: mine });
  // the tools' tests change rate settings directly: their approval is four-eyes.test.ts's subject
  await fourEyesOff(t);
  return t;
}
