import type { Unsupported } from './cues';
import { SUGGEST } from './suggestions';

/**
 * Short words that mark a sentence as German, Spanish, Portuguese, French, Italian or Dutch and are
 * not English words as well ("die", "was", "come", "me" are left out for that reason).
 */
const FOREIGN_WORDS = new Set(
  [
    // German
    'wie viel viele wieviel habe haben ich wir mein meine meinen meiner unsere unser der das und nicht ist sind letzte letzten letzter woche monat monats für fur ausgegeben kampagne kampagnen anzeigen welche welcher welches warum gestern heute im vom zum mit auf über bei vergleich umsatz kosten klicks',
    // Spanish
    'el los las del por para que qué cuánto cuanto cuánta cuántos cuantos cuántas gasté gaste gastamos gasto fue mi mis nuestro nuestra nuestros semana mes pasado pasada último ultimo última ultima campaña campaña campañas anuncio anuncios cuál cual cuáles cómo como está están mejor mejores ayer hoy ventas ingresos',
    // Portuguese
    'quanto quanta quantos gastei gastamos foi meu minha meus minhas mês passado passada anúncios anuncios campanha campanhas qual quais são não nao da das dos na nas em um uma é ontem hoje semana melhor melhores vendas receita custo',
    // French
    "combien j'ai dépensé depense dépenses dernier dernière derniere semaine mois quel quelle quels quelles mes mon ma nos notre pour sur avec publicités publicites annonces campagne campagnes les des du et est sont hier aujourd'hui meilleure meilleures ventes coût cout",
    // Italian
    'ho speso il lo gli della delle nel nella ultimo ultima settimana mese scorso scorsa quale quali perché perche mio mia miei campagna campagne annunci che sono è ieri oggi spesa migliori vendite costo',
    // Dutch
    'hoeveel heb hebben ik mijn onze het een afgelopen vorige maand uitgegeven welke waarom advertenties campagnes wat niet voor gisteren vandaag beste kosten',
  ]
    .join(' ')
    .split(' '),
);

/** English words and ad terms that show a question is English even with a foreign name in it. */
const ENGLISH_WORDS = new Set(
  'the a an of in on for to how what which who why when did do does my our is are was were much many spend spent last this that week month year ads ad campaign campaigns best worst top show me give compare vs and or by with from per than have has i we you it yesterday today total roas cpa ctr cpc cpm revenue sales clicks impressions conversions purchases leads cost'.split(
    ' ',
  ),
);

const WORD_BREAK = /[^\p{L}'’]+/u;
const LETTER = /\p{L}/u;
const LATIN = /\p{Script=Latin}/u;
const ACCENTED = /[à-öø-ÿß\u0100-\u017f]/;
/** Inverted marks only open Spanish questions and exclamations. */
const SPANISH_MARKS = /[¿¡]/;

/** Latin letters and letters of other scripts; ASCII is counted without a regex, as it is most text. */
function scriptCounts(text: string): { latin: number; other: number } {
  let latin = 0;
  let other = 0;
  for (const char of text) {
    const code = char.charCodeAt(0);
    if (code < 128) {
      const lower = code | 32;
      if (lower >= 97 && lower <= 122) latin++;
    } else if (LETTER.test(char)) {
      if (LATIN.test(char)) latin++;
      else other++;
    }
  }
  return { latin, other };
}

/**
 * Whether the question is mostly in another language: other scripts outnumber half the Latin
 * letters, or foreign function words and accented words outnumber English ones. A single accented
 * name in an English question stays English.
 */
export function isForeign(original: string): boolean {
  const { latin, other } = scriptCounts(original);
  if (other >= 3 && other * 2 >= latin) return true;

  let foreign = SPANISH_MARKS.test(original) ? 2 : 0;
  let english = 0;
  for (const raw of original.toLowerCase().split(WORD_BREAK)) {
    if (!raw) continue;
    const word = raw.replace(/’/g, "'");
    if (ENGLISH_WORDS.has(word)) english++;
    else if (FOREIGN_WORDS.has(word) || ACCENTED.test(word)) foreign++;
  }
  return foreign >= 2 && foreign > english;
}

export function languageDecline(text: string): Unsupported {
  return {
    kind: 'language',
    message:
      "ARLO understands questions in English only for now, so I can't read this one. Please ask it in English.",
    suggestions: [...SUGGEST.general],
    spans: text.trim() ? [[0, text.length]] : [],
  };
}
