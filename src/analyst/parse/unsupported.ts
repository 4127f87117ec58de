import { normalise } from './entities';
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
 * "the weather in Paris" is off topic before it is a location, and "Google Ads ROAS by age" is
 * about Google before it is about age.
 */
const tables: readonly CueTable[] = [
  requestTable,
  offTopicTable,
  platformTable,
  funnelTable,
  videoTable,
  breakdownTable,
  settingsTable,
  unavailableTable,
];

/**
 * Spots a question ARLO cannot answer (another platform, a breakdown or metric it does not sync,
 * a campaign setting, another language, something off topic) and says why, with questions it can
 * answer instead. `text` is the normalised question with the names it holds blanked out (spaces
 * keep the offsets); `original` is the question as typed. Call it even when `text` is empty: a
 * question in another script normalises to nothing, and its language is read from `original`.
 */
export function findUnsupported(text: string, original: string): Unsupported | undefined {
  if (isForeign(original)) return languageDecline(text);
  const plain = normalise(original);
  for (const table of tables) {
    const hits = findHits(text, table.cues, plain);
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
