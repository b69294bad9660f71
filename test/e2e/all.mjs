// The end-to-end suite: every journey in each browser (Chromium, then Firefox), on one build and one static server.
// Usage: node test/e2e/all.mjs [--browser chromium|firefox]   (after `npm run build`; E2E_BROWSERS=chromium also picks)
import { journey as agent } from './agent.mjs';
import { journey as bash } from './bash.mjs';
import { journey as classroom } from './classroom.mjs';
import { journey as company } from './company.mjs';
import { journeys as explain } from './explain.mjs';
import { journey as explorer } from './explorer.mjs';
import { journey as firstContact } from './firstContact.mjs';
import { runJourneys } from './harness.mjs';
import { journey as layout } from './layout.mjs';
import { journey as mcpRecord } from './mcpRecord.mjs';
import { journey as playground } from './run.mjs';
import { journey as providerErrors } from './providerErrors.mjs';
import { journey as patterns } from './patterns.mjs';
import { journey as pythonSolutions } from './pythonSolutions.mjs';
import { journey as react } from './react.mjs';
import { journey as recordedRuns } from './recordedRuns.mjs';
import { journey as studio } from './studio.mjs';
import { journey as teach } from './teach.mjs';

await runJourneys([playground, studio, agent, bash, react, pythonSolutions, recordedRuns, patterns, layout, company, ...explain, teach, classroom, explorer, mcpRecord, providerErrors, firstContact]);
