import { breakdownTable } from './unsupported/breakdowns';
import { type CueTable, findHits, type Unsupported } from './unsupported/cues';
import { funnelTable, videoTable } from './unsupported/funnel-video';
import { isForeign, languageDecline } from './unsupported/language';
import { platformTable } from './unsupported/platforms';
import { requestTable } from './unsupported/requests';
import { settingsTable } from './unsupported/settings';
import { offTopicTable, unavailableTable } from './unsupported/unavailable';

export type { Unsupported, UnsupportedKind } from './unsupported/cues';

/**
 * Most specific first: a request to change something is declined as a request whatever it names,
 * and "Google Ads ROAS by age" is about Google before it is about age.
 */
const tables: readonly CueTable[] = [
  requestTable,
  platformTable,
  funnelTable,
  videoTable,
  breakdownTable,
  settingsTable,
  offTopicTable,
  unavailableTable,
];

/**
 * Spots a question ARLO cannot answer (another platform, a breakdown or metric it does not sync,
 * a campaign setting, another language, something off topic) and says why, with questions it can
 * answer instead. `text` is the normalised question (names may already be blanked out with
 * spaces); `original` is the question as typed, for telling its language.
 */
export function findUnsupported(text: string, original: string): Unsupported | undefined {
  if (isForeign(original)) return languageDecline(text);
  for (const table of tables) {
    const hits = findHits(text, table.cues);
    const first = hits[0];
    if (!first) continue;
    const kind = first.cue.kind ?? table.kind;
    const same = hits.filter((hit) => (hit.cue.kind ?? table.kind) === kind);
    return {
      kind,
      ...table.explain(same, text),
      spans: same.map((hit): [number, number] => [hit.start, hit.end]),
    };
  }
  return undefined;
}
