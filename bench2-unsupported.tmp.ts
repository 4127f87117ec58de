import { normalise } from './src/analyst/parse/entities';
import { findHits } from './src/analyst/parse/unsupported/cues';
import { breakdownTable } from './src/analyst/parse/unsupported/breakdowns';
import { funnelTable, videoTable } from './src/analyst/parse/unsupported/funnel-video';
import { platformTable } from './src/analyst/parse/unsupported/platforms';
import { requestTable } from './src/analyst/parse/unsupported/requests';
import { settingsTable } from './src/analyst/parse/unsupported/settings';
import { offTopicTable, unavailableTable } from './src/analyst/parse/unsupported/unavailable';
import { isForeign } from './src/analyst/parse/unsupported/language';
const q = 'how much did we spend on ads in the last 30 days '.repeat(42);
const t = normalise(q);
for (const [name, table] of Object.entries({ requestTable, platformTable, funnelTable, videoTable, breakdownTable, settingsTable, offTopicTable, unavailableTable })) {
  for (const cue of table.cues) {
    findHits(t, [cue]);
    const s = performance.now();
    for (let i = 0; i < 50; i++) findHits(t, [cue]);
    const ms = (performance.now() - s) / 50;
    if (ms > 0.03) console.log(name, ms.toFixed(3), cue.cue.slice(0, 80));
  }
}
const s = performance.now();
for (let i = 0; i < 50; i++) isForeign(q);
console.log('lang', ((performance.now() - s) / 50).toFixed(3));
