// The shape of the answer a question asks for, and which passages hold an answer of that shape, in the
// languages the questions are asked in most (English, German, French, Spanish, Italian, Portuguese,
// Dutch, Polish). "How many", "¿cuántos?" and "ilu" ask for a quantity, and "three buses", "18 soldados"
// or "5,96%" are quantities where a year is not; "when" asks for a date, "who" for a person's name,
// "where" for a place, "which newspaper" for a named thing. A question asked in other words than its
// answer still says what kind of thing it wants, in every language: the ranking uses that as one more
// term of the question, weighted by how rare such answers are on the page.

export type AnswerKind = 'quantity' | 'time' | 'person' | 'place' | 'named';

/** Letters on neither side: `\b` only knows ASCII letters, and these words carry accents. */
const word = (alternatives: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');

const ASKS_QUANTITY = word(
  [
    // English
    'how (?:many|much|far|long|old|heavy|big|large|high|tall|often|expensive|fast|deep|wide|severe)',
    '(?:what|which)(?: (?:is|was|are|were))?(?: the)?(?: [\\p{L}-]+)? (?:share|percentage|percent|portion|proportion|amount|number|price|cost|rate|sum|total|toll|fraction|size|weight|value|position|rank|place)',
    // German
    'wie ?viele?|wie (?:hoch|lange|alt|weit|schwer|gro(?:ß|ss)|teuer|schnell|oft|tief|breit|stark)',
    'welche[rnms]? (?:menge|anteil|anzahl|preis|betrag|summe|zahl|quote|rate|platz|rang|wert)|um wie ?viel',
    // French
    '(?:de )?combien',
    'quel(?:le)?s? (?:part|quantité|proportion|pourcentage|nombre|montant|prix|taux|somme|position|rang|place|taille|poids|chiffre)',
    // Spanish
    'cu[aá]nt[oa]s?',
    'qu[eé] (?:porcentaje|cantidad|n[uú]mero|precio|monto|tasa|proporci[oó]n|parte|posici[oó]n|puesto|lugar|cifra)',
    // Italian
    'quant[oaie]|di quanto',
    'qual[ei]? (?:percentuale|quota|numero|prezzo|importo|tasso|posizione|cifra)',
    // Portuguese
    'quant[oa]s?',
    'qual (?:percentagem|porcentagem|n[uú]mero|pre[cç]o|valor|taxa|posi[cç][aã]o|quantidade)',
    // Dutch
    'hoeveel|hoe (?:lang|oud|ver|zwaar|duur|groot|hoog|vaak|snel)',
    'welke? (?:percentage|aandeel|aantal|bedrag|prijs|plaats)',
    // Polish
    'ile|ilu|jak (?:dużo|wiele|długo|daleko|często|wysok[io]|duż[oy])',
    'jak(?:i|a|ie|iego) (?:procent|odsetek|wskaźnik|udział|kwot[aęy]|cen[aęy]|liczb[aęy]|wynik)',
  ].join('|'),
);

const ASKS_TIME = word(
  [
    'when|since when|(?:what|which|in what|in which) (?:year|date|day|month|time)',
    'wann|seit wann|(?:in )?welche[mn]? (?:jahr|tag|datum|monat)',
    'quand|depuis quand|(?:en |à )?quel(?:le)? (?:année|date|jour|mois)',
    'cu[aá]ndo|desde cu[aá]ndo|(?:en )?qu[eé] (?:d[ií]a|año|fecha|mes)',
    'quando|da quando|in che (?:anno|giorno|mese)|(?:in )?quale (?:anno|data|giorno)',
    'desde quando|(?:em )?que (?:ano|dia|data)|qual (?:ano|data|dia)',
    'wanneer|sinds wanneer|(?:in )?welke? (?:jaar|datum|dag|maand)',
    'kiedy|od kiedy|w którym (?:roku|miesiącu)|którego dnia',
  ].join('|'),
);

const ASKS_PERSON = word(
  'who|whom|whose|wer|wem|wen|wessen|qui|qui[eé]n(?:es)?|chi|quem|kto|kogo|komu|kim|czyj[aey]?',
);
/** Dutch "wie" is "who"; German "wie" is "how": read only in a Dutch question. */
const ASKS_PERSON_DUTCH = word('wie');

const ASKS_PLACE = word(
  'where|from where|wo|woher|wohin|où|d.où|d[oó]nde|de d[oó]nde|a d[oó]nde|dove|da dove|onde|de onde|aonde|waar|waarvandaan|gdzie|skąd|dokąd',
);

/** "Which newspaper", "quel journal", "welches Land": a named thing. */
const ASKS_NAMED = word(
  'which|quel(?:le)?s?|welche[rsmn]?|cu[aá]l(?:es)?|quale?|quali|qual|quais|welke?|któr[yaeg]\\p{L}*',
);

/** The kind of answer the question asks for, if it says; `language` is the question's own. */
export function answerKind(question: string, language?: string): AnswerKind | undefined {
  if (ASKS_QUANTITY.test(question)) return 'quantity';
  if (ASKS_TIME.test(question)) return 'time';
  if (ASKS_PERSON.test(question) || (language === 'nl' && ASKS_PERSON_DUTCH.test(question))) return 'person';
  if (ASKS_PLACE.test(question)) return 'place';
  if (ASKS_NAMED.test(question)) return 'named';
  return undefined;
}

const MONTHS = [
  'january|february|march|april|may|june|july|august|september|october|november|december',
  'januar|jänner|februar|märz|mai|juni|juli|oktober|dezember',
  'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre',
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre',
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre',
  'janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro',
  'januari|februari|maart|mei|augustus',
  'stycze[nń]|stycznia|luty|lutego|marzec|marca|kwiecie[nń]|kwietnia|maj|maja|czerwiec|czerwca|lipiec|lipca|sierpie[nń]|sierpnia|wrzesie[nń]|września|październik|października|listopad|listopada|grudzie[nń]|grudnia',
  'jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec',
].join('|');

/** Small numbers and large units written out: "three buses", "un par de décadas", "80 mil". */
const NUMBER_WORDS = [
  'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|twenty|thirty|fifty|hundred|thousand|million|billion|dozen|dozens|half',
  'zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|zwölf|zwanzig|hundert|tausend|million(?:en)?|milliarde(?:n)?|dutzend|hälfte',
  'deux|trois|quatre|cinq|sept|huit|neuf|dix|douze|vingt|trente|cent|mille|millions?|milliards?|douzaine|moitié',
  'dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|doce|veinte|cien|ciento|mil|millón|millones|docena|par|mitad',
  'due|tre|quattro|cinque|sei|sette|otto|nove|dieci|venti|cento|mille|mila|milioni?|miliardi?|dozzina|metà',
  'dois|duas|três|quatro|seis|sete|oito|nove|dez|vinte|cem|mil|milhão|milhões|dúzia|metade',
  'twee|drie|vier|vijf|zes|zeven|acht|negen|tien|twintig|honderd|duizend|miljoen|miljard|dozijn|helft',
  'dwa|dwie|trzy|cztery|pięć|sześć|siedem|osiem|dziewięć|dziesięć|sto|tysiąc|tysięcy|tys|milion|milionów|mln|mld|połowa',
].join('|');

/** A year alone (1500–2099) is a time, not a quantity. */
const YEAR = '(?:1[5-9]|20)\\d\\d(?![\\d.,]\\d)';

const HOLDS_QUANTITY = new RegExp(
  [
    // Percentages and money: "22%", "6,4 proc.", "$1,200", "40 Euro".
    '\\d\\s?(?:%|‰|€|\\$|£)|[$€£¥]\\s?\\d|(?<![\\p{L}\\p{N}])\\d+(?:[.,]\\d+)?\\s?(?:percent|per cent|prozent|pour ?cent|por ?ciento|per ?cento|por ?cento|procent|proc|euros?|dollars?|pounds?|dólares|reais|złotych|zł)(?![\\p{L}])',
    // A number that counts something: not a year, not a day before its month.
    `(?<![\\p{L}\\p{N}.,])(?!${YEAR})\\d+(?:[.,\\u00a0\\u202f]\\d+)*(?:e|er|º|ª|th|st|nd|rd)?\\s?(?!(?:${MONTHS})(?![\\p{L}]))\\p{L}`,
    // Written out: "three buses".
    `(?<![\\p{L}])(?:${NUMBER_WORDS})(?![\\p{L}])`,
  ].join('|'),
  'iu',
);

const HOLDS_TIME = new RegExp(
  [
    `(?<![\\p{L}\\p{N}.,])${YEAR}`,
    '(?<![\\p{N}])\\d{1,2}[./]\\d{1,2}[./](?:\\d{2,4})?',
    `(?<![\\p{N}])\\d{1,2}\\.?(?:er|º)?\\s?(?:de )?(?:${MONTHS})(?![\\p{L}])`,
    `(?<![\\p{L}])(?:${MONTHS})\\.? \\d{1,2}(?!\\d)`,
  ].join('|'),
  'iu',
);

/** A capitalised word after a lower-case one, a digit or a comma: not a sentence's first word. */
const CAPITALISED = "\\p{Lu}[\\p{Ll}'’\\-]+";
/** Two capitalised words in a row, mid-sentence: "Christian Hanisch", "Irme Stetter-Karp". */
const HOLDS_PERSON = new RegExp(`[\\p{Ll}\\p{N},;:)] ${CAPITALISED}[ \\u00a0]${CAPITALISED}`, 'u');
/** A capitalised word after a preposition of place: "in Braunschweig", "z Norwegii", "à Paris". */
const HOLDS_PLACE = new RegExp(
  `(?<![\\p{L}])(?:in|at|from|near|to|im|aus|nach|bei|à|au|aux|en|de|dans|près de|desde|hacia|cerca de|a|da|di|em|no|na|do|uit|naar|bij|w|we|z|ze|do|przez|pod) ${CAPITALISED}`,
  'u',
);
const HOLDS_NAMED = new RegExp(`[\\p{Ll}\\p{N},;:)] ${CAPITALISED}`, 'u');

/** Whether the text holds an answer of that kind. */
export function holdsKind(text: string, kind: AnswerKind): boolean {
  switch (kind) {
    case 'quantity':
      return HOLDS_QUANTITY.test(text);
    case 'time':
      return HOLDS_TIME.test(text);
    case 'person':
      return HOLDS_PERSON.test(text);
    case 'place':
      return HOLDS_PLACE.test(text);
    case 'named':
      return HOLDS_NAMED.test(text);
  }
}
