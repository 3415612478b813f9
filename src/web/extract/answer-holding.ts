// Which passages hold an answer of the kind a question asks for (`answer-kinds.ts` reads the question):
// a quantity ("three buses", "18 soldados", "5,96%", where a year is not one), a sum with its
// currency, a date or a time of day, a person's name (a leader's beside a leading title: "BKA-Präsident
// Holger Münch"), a place, a named thing, a reason ("because",
// "weil", "parce que"), a statement (a quotation, reported speech), a weight, length or duration in
// its unit, in the languages the questions are asked in most.

import { PERCENT_WORDS, wholeWords, type AnswerKind } from './answer-kinds.ts';
import { isStopWord, writesCompounds } from './passage-terms.ts';

/** The months written out, in the eight languages read. */
const FULL_MONTHS = [
  'january|february|march|april|may|june|july|august|september|october|november|december',
  'januar|jänner|februar|märz|mai|juni|juli|oktober|dezember',
  'janvier|février|mars|avril|juin|juillet|août|septembre|octobre|novembre|décembre',
  'enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre',
  'gennaio|febbraio|aprile|maggio|giugno|luglio|settembre|ottobre|dicembre',
  'janeiro|fevereiro|março|maio|junho|julho|setembro|outubro|novembro|dezembro',
  'januari|februari|maart|mei|augustus',
  'stycze[nń]|stycznia|luty|lutego|marzec|marca|kwiecie[nń]|kwietnia|maj|maja|czerwiec|czerwca|lipiec|lipca|sierpie[nń]|sierpnia|wrzesie[nń]|września|październik|października|listopad|listopada|grudzie[nń]|grudnia',
].join('|');
/** The months, written out or abbreviated. */
const MONTHS = `${FULL_MONTHS}|jan|feb|mar|apr|jun|jul|aug|sep|sept|oct|nov|dec`;
/**
 * A month named alone after a preposition, as a time ("in April", "im Mai", "en abril", "w kwietniu"),
 * written out in full (not "in Jan"), Polish in the case it takes after "w".
 */
const MONTH_AFTER_PREPOSITION = `(?<![\\p{L}])(?:in|im|en|em|a|nel|w|we|since|seit|depuis|desde|dal|sinds|vanaf|od|until|bis|jusqu'en|hasta|fino a|até|tot|do) (?:${FULL_MONTHS}|styczniu|lutym|marcu|kwietniu|maju|czerwcu|lipcu|sierpniu|wrześniu|październiku|listopadzie|grudniu)(?![\\p{L}])`;

/**
 * The days of the week, in the eight languages read (Polish in the cases a date takes): news dates
 * what happened by its weekday ("on Tuesday", "am Mittwoch", "jeudi", "el martes", "w środę").
 */
const WEEKDAYS = [
  'monday|tuesday|wednesday|thursday|friday|saturday|sunday',
  'montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonnabend|sonntag',
  'lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche',
  'lunes|martes|miércoles|jueves|viernes|sábado|domingo',
  'lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica',
  'segunda-feira|terça-feira|quarta-feira|quinta-feira|sexta-feira',
  'maandag|dinsdag|woensdag|donderdag|vrijdag|zaterdag|zondag',
  'poniedziałek|poniedziałku|wtorek|wtorku|środa|środę|środy|czwartek|czwartku|piątek|piątku|sobota|sobotę|soboty|niedziela|niedzielę|niedzieli',
].join('|');

/**
 * Numbers written out, from two ("one" is also "a") to the teens, the tens, hundreds and the large
 * units, with the compounds each language writes as one word ("achtundvierzig", "veintidós",
 * "quarantotto", "achtenveertig", "dwadzieścia"), and words for a group of them: "three buses", "un
 * par de décadas", "80 mil".
 */
const NUMBER_WORDS = [
  'two|three|four|five|six|seven|eight|nine|ten|eleven|twelve|thirteen|fourteen|fifteen|sixteen|seventeen|eighteen|nineteen|twenty|thirty|forty|fifty|sixty|seventy|eighty|ninety|hundreds?|thousands?|millions?|billions?|trillions?|dozens?|half',
  'zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf|dreizehn|vierzehn|fünfzehn|sechzehn|siebzehn|achtzehn|neunzehn|(?:(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun)und)?(?:zwanzig|dreißig|dreissig|vierzig|fünfzig|sechzig|siebzig|achtzig|neunzig)|\\p{L}*(?:hundert|tausend)|million(?:en)?|milliarde(?:n)?|dutzend|hälfte|(?:ein|zwei|drei|vier|fünf|sechs|sieben|acht|neun|zehn|elf|zwölf)einhalb|anderthalb',
  'deux|trois|quatre|cinq|six|sept|huit|neuf|dix|onze|douze|treize|quatorze|quinze|seize|vingts?|trente|quarante|cinquante|soixante|septante|huitante|nonante|cents?|mille|millions?|milliards?|douzaines?|dizaines?|centaines?|milliers|moitié',
  'dos|tres|cuatro|cinco|seis|siete|ocho|nueve|diez|once|doce|trece|catorce|quince|dieci\\p{L}+|veinte|veinti\\p{L}+|treinta|cuarenta|cincuenta|sesenta|setenta|ochenta|noventa|cien|cientos?|\\p{L}+cient[oa]s|quinient[oa]s|mil|millón|millones|docenas?|decenas?|centenar(?:es)?|par|mitad',
  'due|tre|quattro|cinque|sei|sette|otto|nove|dieci|undici|dodici|tredici|quattordici|quindici|sedici|diciassette|diciotto|diciannove|(?:vent|trent|quarant|cinquant|sessant|settant|ottant|novant)(?:a|i|uno|due|tré|tre|quattro|cinque|sei|sette|otto|nove)|\\p{L}*cento|mille|\\p{L}*mila|milioni?|miliardi?|dozzin[ae]|decin[ae]|centinai[oa]|migliaia|metà',
  'dois|duas|três|quatro|cinco|seis|sete|oito|nove|dez|onze|doze|treze|catorze|quatorze|quinze|dez[ae]sseis|dez[ae]ssete|dezoito|dez[ae]nove|vinte|trinta|quarenta|cinquenta|sessenta|setenta|oitenta|noventa|cem|cento|\\p{L}+cent[oa]s|quinhent[oa]s|mil|milhão|milhões|bilhão|bilhões|dúzias?|dezenas?|centenas?|milhares|metade',
  'twee|drie|vier|vijf|zes|zeven|acht|negen|tien|elf|twaalf|dertien|veertien|vijftien|zestien|zeventien|achttien|negentien|\\p{L}*(?:twintig|dertig|veertig|vijftig|zestig|zeventig|tachtig|negentig)|\\p{L}*honderd|\\p{L}*duizend|miljoen|miljard|dozijn|tientallen|honderden|duizenden|helft|anderhalf|\\p{L}+ënhalf',
  'dwa|dwie|dwóch|dwóm|trzy|trzech|cztery|czterech|pięć|pięciu|sześć|sześciu|siedem|siedmiu|osiem|ośmiu|dziewięć|dziewięciu|dziesięć|dziesięciu|\\p{L}+naście|\\p{L}+nastu|dwadzieścia|dwudziestu|trzydzieści|trzydziestu|czterdzieści|czterdziestu|\\p{L}+dziesiąt|\\p{L}+dziesięciu|sto|stu|dwieście|trzysta|czterysta|\\p{L}+set|tysiąc|tysiące|tysięcy|tys|milion|miliony|milionów|mln|miliard\\p{L}*|mld|połowa|połowę|kilka|kilkanaście|kilkadziesiąt|kilkuset',
].join('|');

/**
 * A number followed by a conjunction, an article or a preposition ("Brasil 247 e a TV", "Room 101 of
 * the", "Artikel 5 und") names or numbers a thing; it counts nothing.
 */
const FUNCTION_WORDS =
  'e|y|i|o|u|a|à|é|et|en|de|di|da|do|du|la|le|el|il|lo|of|or|in|on|at|to|and|und|oder|im|am|zu|na|w|z|ou|og|och|ve|és';

/**
 * A letter of a script written with spaces between words. Chinese and Japanese write numbers right
 * against the characters around them ("等10个设区市", "每帳$600"): a number or a currency sign after or
 * before a Han or kana character still stands alone.
 */
const SPACED_LETTER =
  '(?:(?![\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\p{Script=Hangul}])\\p{L})';
/** The Chinese and Japanese characters that make a number a date's year, month or day ("3月9日"). */
const EAST_ASIAN_DATE = '[年月日]';

/** A year alone (1500–2099) is a time, not a quantity. */
const YEAR = '(?:1[5-9]|20)\\d\\d(?![\\d.,]\\d)';

const HOLDS_QUANTITY = new RegExp(
  [
    // Percentages and money: "22%", "6,4 proc.", "$1,200", "40 Euro".
    '\\d\\s?(?:%|‰|€|\\$|£)|[$€£¥]\\s?\\d|(?<![\\p{L}\\p{N}])\\d+(?:[.,]\\d+)?\\s?(?:percent|per cent|prozent|pour ?cent|por ?ciento|per ?cento|por ?cento|procent|proc|euros?|dollars?|pounds?|dólares|reais|złotych|zł)(?![\\p{L}])',
    // A number that counts something: not a year, not a day before its month.
    `(?<![\\p{N}.,])(?<!${SPACED_LETTER})(?!${YEAR})\\d+(?:[.,\\u00a0\\u202f]\\d+)*(?:e|er|º|ª|th|st|nd|rd)?\\s?(?!(?:${MONTHS}|${FUNCTION_WORDS})(?![\\p{L}])|${EAST_ASIAN_DATE})\\p{L}`,
    // A number written in groups of three ("3,338", "12.500", "1 200" with a no-break space) counts,
    // whatever follows it.
    '(?<![\\p{N}.,])\\d{1,3}(?:[,.\\u00a0\\u202f]\\d{3})+(?![\\p{N}]|[.,]\\d)',
    // Written out: "three buses".
    `(?<![\\p{L}])(?:${NUMBER_WORDS})(?![\\p{L}])`,
    // A score or a ratio: "(1-1)", "2–0", "3:2" (not "9:24", a time); a vote: "322 zu 306", "322 to 306".
    '(?<![\\p{N}.,:])\\d{1,3}\\s?(?:[-–]\\s?\\d{1,3}|:\\d)(?![\\p{N}]|[.,:]\\d)',
    '(?<![\\p{N}.,])\\d+ (?:zu|to|against|à|contre|a|contra|tegen|do) \\d+(?![\\p{N}])',
    // A temperature: "325°F", "180 °C".
    '\\d\\s?°',
  ].join('|'),
  'iu',
);

/** Languages that write an ordinal as its number and a full stop ("2. Platz", "13. Weltcupsieg", "3. miejsce"). */
const ORDINALS_WITH_A_STOP = new Set(['de', 'pl', 'cs', 'sk', 'da', 'no', 'nb', 'fi', 'hu', 'tr']);
/** Such an ordinal before a word: a rank or a count of times, not a day before its month ("13. März"). */
const HOLDS_ORDINAL = new RegExp(
  `(?<![\\p{N}.,])(?!${YEAR})\\d{1,3}\\.\\s?(?!(?:${MONTHS})(?![\\p{L}]))\\p{L}`,
  'iu',
);

/** Noon and midnight, in the eight languages read. */
const NOON_AND_MIDNIGHT =
  'noon|midday|midnight|mittag|mitternacht|midi|minuit|mediodía|medianoche|mezzogiorno|mezzanotte|meio-dia|meia-noite|middernacht|południe|północ';
/** A time of day: "22 Uhr", "à 18h30", "10:45", "5 p.m.", "o godz. 12", "alle ore 9", "midnight". */
const HOLDS_HOUR = new RegExp(
  [
    '(?<![\\p{L}\\p{N}])(?:[01]?\\d|2[0-4])(?:[:.h]\\d\\d)?\\s?(?:uhr|h|hrs|heures?|horas?|ore|uur|[ap]\\.m\\.|[ap]m)(?![\\p{L}])',
    '(?<![\\p{N}:.])(?:[01]?\\d|2[0-3]):[0-5]\\d(?![\\p{N}])',
    '(?<![\\p{L}])(?:godz\\.?|godzinie|ore) \\d',
    `(?<![\\p{L}])(?:${NOON_AND_MIDNIGHT})(?![\\p{L}])`,
    // Chinese, Japanese and Korean: "9時", "9点", "9시".
    '\\d\\s?(?:時|时|点|시)',
  ].join('|'),
  'iu',
);

/** A date: a year, a day and its month, a weekday, a numeric date. */
const HOLDS_TIME = new RegExp(
  [
    `(?<![\\p{N}.,])(?<!${SPACED_LETTER})${YEAR}`,
    `(?<![\\p{N}])\\d{1,4}\\s?${EAST_ASIAN_DATE}`,
    // A century or a decade: "19th century", "XIXe siècle", "siglo XX", "20. Jahrhundert", "the 1990s", "die 90er", "los años 90".
    '(?<![\\p{L}\\p{N}])(?:\\d{1,2}(?:st|nd|rd|th|e|ème|\\.|º)?|[XVI]+(?:e|ème)?)\\s?(?:century|centuries|jahrhunderts?|siècles?|siglos?|secolo|séculos?|eeuw|wieku?)(?![\\p{L}])',
    '(?<![\\p{L}])(?:siglo|secolo|século|wiek|wieku|eeuw) [XVI]+(?![\\p{L}])',
    "(?<![\\p{L}\\p{N}])(?:\\d\\d)?\\d0(?:s|er|er jahre|er-jahre)(?![\\p{L}])|(?<![\\p{L}])(?:años|anni|anos|années|jaren|lata) ['’]?\\d0(?![\\p{N}])",
    // Korean months and days and Vietnamese months: "3월 9일", "tháng 5"; Chinese days: "9号". A Korean
    // year is a year as above ("1999년"), not any number before 년 ("100년" is a hundred years).
    '\\d\\s?(?:号|월|일)|(?<![\\p{L}])tháng \\d',
    '(?<![\\p{N}])\\d{1,2}[./]\\d{1,2}[./](?:\\d{2,4})?',
    `(?<![\\p{N}])\\d{1,2}\\.?(?:er|º)?\\s?(?:de )?(?:${MONTHS})(?![\\p{L}])`,
    `(?<![\\p{L}])(?:${MONTHS})\\.? \\d{1,2}(?!\\d)`,
    `(?<![\\p{L}])(?:${WEEKDAYS})(?![\\p{L}])`,
    MONTH_AFTER_PREPOSITION,
  ].join('|'),
  'iu',
);

/** A capitalised word after a lower-case one, a digit, a comma or a dash: not a sentence's first word. */
const CAPITALISED = "\\p{Lu}[\\p{Ll}'’\\-]+";
/** Two capitalised words in a row, mid-sentence: "Christian Hanisch", "Irme Stetter-Karp". */
const HOLDS_PERSON = new RegExp(`[\\p{Ll}\\p{N},;:)\\-–—] ${CAPITALISED}[ \\u00a0]${CAPITALISED}`, 'u');
/**
 * Two capitalised words opening a sentence or a line: a name when the first is no stop word ("Lucas
 * Nolan is a reporter", "Chi Onwurah, the MP", but not "The Progress" nor "In March").
 */
const NAME_OPENING_LINE = new RegExp(
  `(?:^|\\n|[.!?]\\s)[\\s"“„«(\\-–—]*(${CAPITALISED})[ \\u00a0]${CAPITALISED}`,
  'gu',
);
function opensWithName(text: string, language: string | undefined): boolean {
  for (const match of text.matchAll(NAME_OPENING_LINE)) {
    if (!isStopWord(match[1]!.toLowerCase(), language)) return true;
  }
  return false;
}

/**
 * Words that introduce examples of a kind of place ("countries such as Sweden", "des pays comme la
 * Suède", "países como Chile"), in the eight languages read.
 */
const PLACE_EXAMPLES =
  'like|such as|including|wie|etwa|comme|tels? que|como|come|quali|zoals|jak|takich jak|m\\.in\\.';
/** The articles a place's name may take after its preposition: "in the Netherlands", "dans la Somme", "en el País Vasco". */
const PLACE_ARTICLES = "the|der|die|das|dem|den|la|le|les|l'|l’|el|los|las|il|lo|gli|o|a|os|as|het|de";
/**
 * A place: a capitalised word after a preposition of place (Russian's and Ukrainian's too), or after a
 * word introducing examples, with or without an article: "in Braunschweig", "z Norwegii", "à Paris",
 * "in the Netherlands", "comme la Suède", "в Москве". Scripts without capitals name it by the kind of
 * place before it (Arabic "بلدة قلدون", "the town of Qaldun") or after it (Chinese "石家庄市",
 * Japanese "福島県").
 */
const HOLDS_PLACE = new RegExp(
  [
    `(?<![\\p{L}])(?:(?:in|at|from|near|to|im|aus|nach|bei|à|au|aux|en|de|dans|près de|desde|hacia|cerca de|a|da|di|em|no|na|do|uit|naar|bij|w|we|z|ze|do|przez|pod|в|во|из|на|под|у|з|із|до|${PLACE_EXAMPLES}) (?:(?:${PLACE_ARTICLES}) |[lL]['’])?|(?:nell|dall|all|sull)['’])${CAPITALISED}`,
    '(?<![\\p{L}])[وب]?(?:بلدة|مدينة|منطقة|قرية|محافظة|ولاية|عاصمة|ريف|إقليم|مقاطعة|بلدات|مدن|مناطق|قرى)\\s\\p{Script=Arabic}{2,}',
    '\\p{Script=Han}{1,6}(?:市|省|县|縣|区|區|州|镇|鎮|村|県|町)',
  ].join('|'),
  'u',
);
/**
 * German writes every noun capitalised, so two capitalised words mid-sentence are as often an
 * adjective and its noun after an article ("der Deutschen Bahn", "im Europäischen Parlament") as a
 * name: on a German page, a person's name is two capitalised words not after an article.
 */
const GERMAN_DETERMINERS =
  'der|die|das|den|dem|des|ein|eine|einen|einem|einer|eines|im|am|zum|zur|vom|beim|ins|ans|kein|keine|keinen|keinem|keiner|mein|meine|sein|seine|seinen|seinem|seiner|ihr|ihre|ihren|ihrem|ihrer|unser|unsere|diese|dieser|diesen|diesem|dieses|jede|jeder|jeden|jedem|alle|allen|viele|vielen|beide|beiden'
    .split('|')
    // Also as a sentence's first word: "Im Europäischen Parlament".
    .flatMap((determiner) => [determiner, determiner[0]!.toUpperCase() + determiner.slice(1)])
    .join('|');
const HOLDS_PERSON_GERMAN = new RegExp(
  `(?<![\\p{L}])(?!(?:${GERMAN_DETERMINERS}) )\\p{L}*[\\p{Ll}\\p{N},;:)\\-–—] ${CAPITALISED}[ \\u00a0]${CAPITALISED}`,
  'u',
);

/** A capitalised word mid-sentence, or a title in quotation marks: "the tabloid Blesk", 'the show "Grande Círculo"'. */
const HOLDS_NAMED = new RegExp(`[\\p{Ll}\\p{N},;:)] ["“„«‘'»]?${CAPITALISED}`, 'u');

/**
 * A fraction in words ("half of", "two-thirds", "die Hälfte", "un tiers", "la mitad"): a share too.
 * Not "third" or "quarter" alone, which are also ranks and times of the year.
 */
const FRACTION_WORDS =
  'half|halves|(?:one|two|a)[- ]thirds?|(?:one|three|a)[- ]quarters?|hälfte|drittel|dreiviertel|moitié|tiers|mitad|tercio|tercera parte|metà|terzo|metade|terço|helft|twee derde|driekwart|połow[aęy]|ćwierć';
/** Basis points, a change of rates in hundredths of a per cent: "25bp", "50 Basispunkte", "25 points de base". */
const BASIS_POINTS =
  'bps?|basis points?|basispunkte?n?|points? de base|puntos? b[aá]sicos?|punti base|pontos?[- ]base|basispunten|punkt(?:y|ów)? bazow\\p{L}*';
/**
 * A change told as a multiple rather than a number: "doubled", "halved", "verdoppelt", "a triplé",
 * "se duplicó", "è raddoppiato", "verdubbeld", "podwoił".
 */
const MULTIPLE_WORDS =
  'doubled|doubling|tripled|tripling|quadrupled|halved|halving|verdoppel\\p{L}*|verdreifach\\p{L}*|vervierfach\\p{L}*|halbiert\\p{L}*|doublée?s?|triplée?s?|quadruplée?s?|divisée?s? par deux|duplic(?:ó|aron|ado|ada|ados|adas|ar)|triplic(?:ó|aron|ado|ada|ar)|raddoppi\\p{L}*|triplicat\\p{L}*|dimezzat\\p{L}*|dobrou|dobraram|verdubbel\\p{L}*|verdrievoudig\\p{L}*|gehalveerd|podwoi\\p{L}*|potroi\\p{L}*';
/**
 * A percentage: "22%", "6,4 proc.", "60 por ciento", "sechs Prozent", "%22" (Turkish), "yüzde 22"; a
 * fraction; basis points; or a change told as a multiple ("doubled").
 */
const HOLDS_SHARE = new RegExp(
  `\\d\\s?(?:%|‰)|%\\s?\\d|(?<![\\p{L}])y[uü]zde \\d|(?:\\d|(?<![\\p{L}])(?:${NUMBER_WORDS}))\\s?(?:${PERCENT_WORDS})(?![\\p{L}])|(?<![\\p{L}])(?:${FRACTION_WORDS})(?![\\p{L}])|\\d\\s?(?:${BASIS_POINTS})(?![\\p{L}])|(?<![\\p{L}])(?:${MULTIPLE_WORDS})(?![\\p{L}])`,
  'iu',
);

/** Currency signs and names in the languages read, and ISO codes ("PLN 40"), next to a number. */
const CURRENCY =
  '(?:us|au|a|ca|c|hk|nz|s|r)\\$|us-dollar\\p{L}*|us dollars?|[$€£¥₹₽₺₩₪]|zł|kč|ft|kr|lei|chf|usd|eur|gbp|pln|czk|sek|nok|dkk|huf|ron|try|jpy|cny|euros?|dollars?|dólar(?:es)?|dollari|d[oó]lares|pounds?|sterling|francs?|francos?|franchi|pesos?|reais|real|złotych|złote|złoty|korun|koruna|kron(?:or|a|er|e)?|forint|lir[ae]|yen|yuan|rupees?|rub(?:el|le)s?|rubli|đồng|vnđ|vnd|원|[万亿億]?[元円圓块塊]|ドル|美元|欧元|歐元|港元|日元|人民[币幣]';
const HOLDS_MONEY = new RegExp(
  `(?<!${SPACED_LETTER})(?:${CURRENCY})\\s?\\d|\\d(?:[.,\\s]\\d+)*(?:,[-–])?\\s?(?:(?:mil|mln|mld|mio|mrd|tys|k|m|bn|million\\p{L}*|billion\\p{L}*|milliard\\p{L}*|miliard\\p{L}*|mill[oó]n\\p{L}*|milhões|milh[aã]o|milion\\p{L}*|tausend|thousand|triệu|tỷ|nghìn|ngàn)\\.?\\s)?(?:de )?(?:${CURRENCY})(?!${SPACED_LETTER})`,
  'iu',
);

/**
 * Words that give a reason or a cause, by language: "because", "due to", "weil", "parce que",
 * "debido a", "perché", "omdat", "ponieważ"... Read in the page's language, since several are other
 * words elsewhere (German "da", French "car", Polish "bo", Dutch "want").
 */
const REASON_WORDS: Record<string, string> = {
  en: "because|as a result|due to|owing to|thanks to|caused by|the cause|causes|so that|therefore|that is why|that's why|the reason|reasons?|in order to|hence|consequently|led to|leads to|result of|so as to|to ensure|to avoid|to prevent|in an effort to|aimed at|intended to|designed to",
  de: 'weil|denn|da|wegen|aufgrund|auf grund|deshalb|daher|darum|deswegen|infolge|grund|gründe|ursache|ursachen|ursächlich|verursacht|ausgelöst|damit|um(?: [\\p{L}-]+){0,6} zu|führte zu|liegt an|dank|zweck|ziel',
  fr: "parce que|parce qu|car|grâce à|à cause de|en raison de|dû à|due à|puisque|donc|c'est pourquoi|c’est pourquoi|raisons?|cause|causes|causée? par|provoquée? par|afin de|pour que|en effet|a entraîné|a provoqué|pour éviter|dans le but de|en vue de|de peur de",
  es: 'porque|debido a|ya que|puesto que|a causa de|gracias a|por eso|por lo tanto|razón|razones|motivos?|para que|dado que|provocó|causa|causas|causad[oa] por|provocad[oa] por|para evitar|para no|con el fin de|a fin de|el fin de|con el objetivo de|con el propósito de',
  it: 'perché|poiché|dato che|a causa di|grazie a|dovuto a|per questo|quindi|motivo|motivi|ragione|ragioni|affinché|siccome|causa|cause|causat[oa] da|provocat[oa] da|per evitare|al fine di|allo scopo di|in modo da',
  pt: 'porque|pois|devido a|já que|por causa de|graças a|por isso|razão|razões|motivos?|para que|uma vez que|causa|causas|causad[oa] por|provocad[oa] por|para evitar|a fim de|com o objetivo de|de modo a',
  nl: 'omdat|doordat|want|vanwege|daarom|dankzij|reden|redenen|oorzaak|oorzaken|veroorzaakt|zodat|waardoor|als gevolg van|om(?: [\\p{L}-]+){0,6} te|doel|teneinde',
  pl: 'ponieważ|bo|gdyż|dlatego|z powodu|dzięki|powód|powodu|przyczyn\\p{L}*|spowodowa\\p{L}*|aby|żeby|w wyniku|skutkiem|w celu',
  cs: 'protože|neboť|kvůli|díky|proto|důvod\\p{L}*|příčin\\p{L}*|aby',
  sv: 'eftersom|därför|på grund av|tack vare|orsak\\p{L}*|anledning\\p{L}*|för att',
  da: 'fordi|derfor|på grund af|takket være|årsag\\p{L}*|grund',
  no: 'fordi|derfor|på grunn av|takket være|årsak\\p{L}*|grunn',
  nb: 'fordi|derfor|på grunn av|takket være|årsak\\p{L}*|grunn',
  fi: 'koska|siksi|vuoksi|takia|ansiosta|syy\\p{L}*|jotta',
  ro: 'pentru că|deoarece|din cauza|datorită|așa că|motiv\\p{L}*|cauz\\p{L}*',
  tr: 'çünkü|nedeniyle|yüzünden|sayesinde|dolayı|bu yüzden|bu nedenle|sebep\\p{L}*',
  hu: 'mert|ezért|miatt|köszönhetően|okból|azért',
  ca: 'perquè|ja que|a causa de|gràcies a|per això|per tant|motiu|raó',
};
/** Words that are other words in other languages, left out when the page's language is not known. */
const AMBIGUOUS_REASON_WORDS = new Set([
  'da',
  'denn',
  'damit',
  'car',
  'donc',
  'bo',
  'want',
  'aby',
  'pois',
  'since',
  'causa',
  'grund',
  'grunn',
  'porque',
]);
const reasonPatterns = new Map<string, RegExp>();
function reasonPattern(language: string | undefined): RegExp {
  const key = language && language in REASON_WORDS ? language : '';
  let pattern = reasonPatterns.get(key);
  if (!pattern) {
    const alternatives = key
      ? REASON_WORDS[key]!
      : [...new Set(Object.values(REASON_WORDS).flatMap((words) => words.split('|')))]
          .filter((alternative) => !AMBIGUOUS_REASON_WORDS.has(alternative))
          .join('|');
    pattern = wholeWords(alternatives, { anyCase: true });
    reasonPatterns.set(key, pattern);
  }
  return pattern;
}

/**
 * What someone said: a quotation's marks ("…", “…”, „…“, «…»), or the words that report speech in
 * each language read ("said", "according to", "sagte", "laut", "a déclaré", "selon", "dijo", "según",
 * "ha detto", "secondo", "disse", "segundo", "zei", "volgens", "powiedział", "według").
 */
const HOLDS_STATEMENT = new RegExp(
  `["“”„«»]|(?<![\\p{L}])(?:${[
    'said|says|told|added|stated|according to',
    'sagte|sagt|sagten|erklärte|betonte|laut|zufolge',
    "a dit|a déclaré|a affirmé|a expliqué|a estimé|selon|d['’]après",
    'dijo|afirmó|declaró|explicó|aseguró|señaló|según',
    'ha detto|ha dichiarato|ha spiegato|ha affermato|secondo',
    'disse|afirmou|declarou|explicou|segundo|de acordo com',
    'zei|zegt|verklaarde|volgens|aldus',
    'powiedział|powiedziała|stwierdził|stwierdziła|oświadczył|oświadczyła|według|zdaniem',
  ].join('|')})(?![\\p{L}])`,
  'iu',
);

/** The units of weight, length and time, in the eight languages read, abbreviated and written out. */
const WEIGHT_UNITS =
  'kg|kilos?|kilogram(?:me)?s?|kilogramm|kilogramos?|chil[io]|chilogramm[io]|quilos?|quilogramas?|kilogram[óy]w?|g|grams?|gramm|grammes?|gramos?|grammi|gramas|t|tons?|tonnes?|tonnen|toneladas?|tonnellat[ae]|tony?|lbs?|pounds?|pfund|livres?|libras?|libbre|pond|ponden|funt(?:ów|y)?|oz|ounces?|unzen?|onces?|onzas?|stone';
const LENGTH_UNITS =
  'km|kilomet(?:er|re)s?|kilomètres?|kilómetros?|chilometri|quil[oô]metros?|kilometr(?:ów|y)?|m|met(?:er|re)s?|metern|zentimetern?|millimet(?:er|re)s?|millimetern|kilometern|mètres?|metros?|metri|metr(?:ów|y)?|cm|mm|centimet(?:er|re)s?|centimètres?|centímetros?|centimetri|miles?|meilen?|milles?|millas?|miglia|milhas?|mijl|feet|foot|ft|fu(?:ß|ss)|pieds?|pies|piedi|pés|st[óo]p|inch(?:es)?|zoll|pouces?|pulgadas?|pollici|polegadas?|cali|yards?|yd|words?|pages?|characters?|mots|caractères|wörter|worte|seiten|zeichen|palabras|páginas|caracteres|parole|pagine|caratteri|palavras|woorden|pagina.s|tekens|słów|stron|znaków';
const TIME_UNITS =
  'years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|decades?|centur(?:y|ies)|jahre?n?|monate?n?|wochen?|tage?n?|stunden?|minuten?|sekunden?|jahrzehnte?n?|jahrhunderte?n?|ans?|ann[ée]es?|mois|semaines?|jours?|heures?|secondes?|d[ée]cennies?|si[èe]cles?|años?|meses|semanas?|d[ií]as?|horas?|minutos?|segundos?|d[ée]cadas?|siglos?|anni|anno|mesi|mese|settimane?|giorni|giorno|ore|ora|minuti|secondi|decenni|secoli|anos?|dias?|s[ée]culos?|jaar|jaren|maanden?|weken?|dagen?|uur|uren|seconden|decennia|eeuwen?|lat|lata|rok|roku|miesi[ąę]c\\p{L}*|tygodni\\p{L}*|dni|dzie[ńn]|godzin\\p{L}*|minut[y]?|sekund[y]?|dekad\\p{L}*|millenni(?:um|a|o)|jahrtausende?n?|mill[ée]naires?|milenios?|mil[eê]nios?|tysi[ąa]clec\\p{L}*';
/**
 * A number, in figures or words, with a unit of that kind after it: "800 pounds", "12,5 km", "five
 * years", "a month" (for a time: "less than a month", "vor einem Jahr").
 */
const withUnit = (units: string, article = ''): RegExp =>
  new RegExp(
    `(?:\\d(?:[\\d.,\\u00a0\\u202f]*\\d)?|(?<![\\p{L}])(?:${NUMBER_WORDS}${article})(?![\\p{L}]))[\\s\\u00a0-]?(?:${units})(?![\\p{L}])`,
    'iu',
  );
const HOLDS_WEIGHT = withUnit(WEIGHT_UNITS);
const HOLDS_LENGTH = withUnit(LENGTH_UNITS);
const HOLDS_DURATION = withUnit(
  TIME_UNITS,
  '|a|an|one|ein|eine|einem|einen|einer|un|une|uno|una|um|uma|een|jeden|jedn\\p{L}*',
);
/**
 * German and Dutch write a time's unit as the end of a compound ("365 Angelstunden", "zehn
 * Betriebsjahre", "drie werkdagen"): on their pages, a number before such a word is a duration too.
 */
const HOLDS_COMPOUND_DURATION = new RegExp(
  `(?:\\d(?:[\\d.,\\u00a0\\u202f]*\\d)?|(?<![\\p{L}])(?:${NUMBER_WORDS})(?![\\p{L}]))[\\s\\u00a0-]\\p{L}{4,}(?:stunden|tage|tagen|wochen|monate|monaten|jahre|jahren|minuten|sekunden|uren|dagen|weken|maanden|jaren|minuten|seconden)(?![\\p{L}])`,
  'iu',
);
/**
 * A person's age in brackets after the name, as news writes it: "Tom Martens (73)" answers "how
 * old". Case matters here, so apart from the duration's pattern (case-blind, and `\\p{Lu}` with it).
 */
const HOLDS_AGE_IN_BRACKETS = new RegExp(`${CAPITALISED},? \\(\\d{1,3}\\)`, 'u');
/** An age written as one word with its number: "der 29-Jährige", "de 29-jarige", "il 29enne", "29-letni". */
const HOLDS_AGE_WORD =
  /(?<![\p{N}])\d{1,3}(?:-?(?:jährig\p{L}*|jarig\p{L}*|letni\p{L}*|letnia)|enne)(?![\p{L}])/iu;

/** The titles of those who lead, in every language read: "BKA-Präsident", "the chief executive", "la présidente". */
const LEADER_TITLES = [
  'head|chief|leader|boss|chair|chairman|chairwoman|chairperson|president|director|ceo|founder|owner|manager|coach|trainer|captain|mayor|governor',
  'chef|chefin|leiter|leiterin|vorsitzende|vorsitzender|pr[aä]sident|pr[aä]sidentin|direktor|direktorin|gesch[aä]ftsf[uü]hrer|gesch[aä]ftsf[uü]hrerin|trainer|trainerin|kapit[aä]n|kapit[aä]nin|b[uü]rgermeister|b[uü]rgermeisterin',
  'directeur|directrice|pr[eé]sident|pr[eé]sidente|patron|patronne|dirigeant|dirigeante|entra[iî]neur|entra[iî]neuse|capitaine|maire',
  'jefe|jefa|presidente|presidenta|director|directora|dirigente|l[ií]der|entrenador|entrenadora|t[eé]cnico|capit[aá]n|alcalde|alcaldesa',
  'capo|direttore|direttrice|amministratore delegato|allenatore|allenatrice|capitano|sindaco',
  'chefe|diretor|diretora|treinador|treinadora|t[eé]cnico|capit[aã]o|prefeito|prefeita',
  'baas|directeur|voorzitter|leider|hoofd|trainer|coach|aanvoerder|burgemeester',
  'prezes|prezeska|szef|szefowa|dyrektor|dyrektorka|przewodnicz[aą]c[ya]|trener|trenerka|kapitan|burmistrz',
].join('|');
const HOLDS_LEADER = wholeWords(LEADER_TITLES, { anyCase: true });
/** German and Dutch write the title as a compound's end: "Betriebsratschefin", "Landesvorsitzende", "partijleider". */
const HOLDS_LEADER_COMPOUND = new RegExp(`\\p{L}{3,}(?:${LEADER_TITLES})(?![\\p{L}])`, 'iu');

/**
 * A way to reach someone: an e-mail address (also written "name [at] host [dot] org"), a web address,
 * or a telephone number (an international one, or one a telephone word comes just before).
 */
const HOLDS_CONTACT = new RegExp(
  [
    '[\\p{L}\\p{N}._%+-]+(?:@| ?[\\[(]at[\\])] ?)[\\p{L}\\p{N}-]+(?:(?:\\.| ?[\\[(]dot[\\])] ?)[\\p{L}\\p{N}-]+)*(?:\\.| ?[\\[(]dot[\\])] ?)\\p{L}{2,}',
    'https?://\\S+|(?<![\\p{L}\\p{N}])www\\.[\\p{L}\\p{N}-]+\\.\\p{L}{2,}',
    '\\+\\d{1,3}[ .-]?\\(?\\d{1,5}\\)?(?:[ ./-]?\\d{2,}){2,}',
    '(?<!\\p{L})(?:phone|tel|telephone|call|hotline|fax|telefon|rufnummer|téléphone|teléfono|telefono|telefone|telefoon|numer)\\.?:? *\\(?\\d[\\d ()./-]{5,}\\d',
  ].join('|'),
  'iu',
);

const HOLDING: Record<Exclude<AnswerKind, 'reason' | 'since' | 'leader'>, RegExp> = {
  contact: HOLDS_CONTACT,
  weight: HOLDS_WEIGHT,
  length: HOLDS_LENGTH,
  duration: HOLDS_DURATION,
  statement: HOLDS_STATEMENT,
  quantity: HOLDS_QUANTITY,
  share: HOLDS_SHARE,
  money: HOLDS_MONEY,
  time: HOLDS_TIME,
  hour: HOLDS_HOUR,
  person: HOLDS_PERSON,
  place: HOLDS_PLACE,
  named: HOLDS_NAMED,
};

/**
 * The kind that answers where no text holds the kind asked for: a quantity asked in a unit no text
 * writes ("how far" on a page giving no distance) is answered by any quantity; "when", on a page
 * giving no date, by a time of day ("gegen 22 Uhr"), and "at what time" by a date.
 */
const INSTEAD: Partial<Record<AnswerKind, AnswerKind>> = {
  contact: 'place',
  weight: 'quantity',
  length: 'quantity',
  duration: 'quantity',
  time: 'hour',
  hour: 'time',
  since: 'hour',
  leader: 'person',
};

/** Full-width digits, letters and signs (U+FF01 to U+FF5E), which NFKC turns into ASCII's. */
const FULL_WIDTH = /[\uFF01-\uFF5E]/;

/** For each text, whether it holds an answer of that kind (or the one `INSTEAD` names, where none does); `language` is the texts' own. */
export function textsHolding(texts: readonly string[], kind: AnswerKind, language?: string): boolean[] {
  const holding = texts.map((text) => holdsKind(text, kind, language));
  const instead = INSTEAD[kind];
  if (!instead || holding.some(Boolean)) return holding;
  return texts.map((text) => holdsKind(text, instead, language));
}

/** Whether the text holds an answer of that kind; `language` is the text's own, where known. */
export function holdsKind(text: string, kind: AnswerKind, language?: string): boolean {
  // Chinese and Japanese write numbers and signs full-width ("１０人", "85％"): read as ASCII's.
  if (FULL_WIDTH.test(text)) text = text.normalize('NFKC');
  if (kind === 'reason') return reasonPattern(language).test(text);
  if (kind === 'leader')
    return (
      (HOLDS_LEADER.test(text) || (writesCompounds(language) && HOLDS_LEADER_COMPOUND.test(text))) &&
      holdsKind(text, 'person', language)
    );
  if (kind === 'since') return HOLDS_TIME.test(text) || holdsKind(text, 'duration', language);
  if (kind === 'person' && opensWithName(text, language)) return true;
  if (kind === 'person' && language === 'de') return HOLDS_PERSON_GERMAN.test(text);
  if (kind === 'duration' && (HOLDS_AGE_IN_BRACKETS.test(text) || HOLDS_AGE_WORD.test(text))) return true;
  if (kind === 'duration' && writesCompounds(language) && HOLDS_COMPOUND_DURATION.test(text)) return true;
  if (kind === 'quantity' && language && ORDINALS_WITH_A_STOP.has(language) && HOLDS_ORDINAL.test(text))
    return true;
  return HOLDING[kind].test(text);
}
