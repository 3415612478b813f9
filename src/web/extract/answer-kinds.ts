// The shape of the answer a question asks for, in the
// languages the questions are asked in most (English, German, French, Spanish, Italian, Portuguese,
// Dutch, Polish; the question words also in Czech, Swedish, Danish, Norwegian, Finnish, Romanian,
// Turkish, Hungarian and Catalan; the commonest ones also in Russian, Ukrainian, Bulgarian, Greek,
// Arabic, Korean, Chinese and Japanese). "How many", "¿cuántos?" and "ilu" ask for a quantity, and "three
// buses", "18 soldados" or "5,96%" are quantities where a year is not; "how heavy", "how far" and "how
// long" ask for one in a unit ("800 pounds", "12 km", "five years"); "what share" and "how much did it
// rise" ask for a percentage, "what did it cost" for a sum of money; "when" asks for a date, "who" and
// "which minister" for a person's name, "where" and "which country" for a place, "which newspaper" for
// a named thing, "why" for a reason, "what did she say" for a statement (a quotation, reported
// speech). A question asked in other words than its answer still says what kind of thing it wants, in
// every language: the ranking uses that as one more term of the question, weighted by how rare such
// answers are on the page (`answer-holding.ts` tells which passages hold one).

import { writesCompounds } from './passage-terms.ts';

export type AnswerKind =
  | 'quantity'
  | 'share'
  | 'money'
  | 'time'
  | 'hour'
  | 'since'
  | 'person'
  | 'leader'
  | 'place'
  | 'named'
  | 'reason'
  | 'statement'
  | 'weight'
  | 'length'
  | 'duration'
  | 'contact';

/**
 * The alternatives as whole words, with letters on neither side (`\b` only knows ASCII letters, and
 * these words carry accents); in any case with `anyCase`, else as written (lower-case).
 */
export const wholeWords = (alternatives: string, { anyCase = false } = {}): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, anyCase ? 'iu' : 'u');
/**
 * A question's words: `answerKind` reads the question lower-cased, so its long alternations are
 * compiled without the `i` flag, in a fraction of the time (the first question a worker ranked paid
 * 0.7 s for them with it).
 */
const askedWords = (alternatives: string): RegExp => wholeWords(alternatives);

/** The words for "per cent" in the languages read, lower-case: in questions and in the passages that answer them. */
export const PERCENT_WORDS =
  'percent|per cent|prozent|pour ?cent|por ?ciento|per ?cento|por ?cento|procent\\p{L}*|proc\\.?|prosent|prosenttia?|procenta?|la sut[aă]|sz[aá]zal[eé]k\\p{L}*';

/**
 * What follows English "how" when it asks the manner, not a measure: an auxiliary or modal verb, a
 * pronoun, an article or a determiner ("how did", "how can", "how it works", "how the law changed").
 */
const NOT_A_MEASURE_AFTER_HOW =
  'do|does|did|is|are|was|were|be|been|has|have|had|can|could|will|would|should|may|might|must|shall|to|come|about|else|the|a|an|this|that|these|those|it|he|she|they|we|you|i|his|her|their|its|our|my|your|one|people';

const ASKS_QUANTITY = askedWords(
  [
    // English: "how" and an adjective or adverb ("how many", "how old", "how efficient", "how quickly"),
    // not a verb or a pronoun ("how did", "how it works"); "what share", "quel prix", "qual è il
    // numero": `ASKS_QUANTITY_NOUN`.
    `how (?!(?:${NOT_A_MEASURE_AFTER_HOW})(?![\\p{L}]))\\p{L}+`,
    // German (its "wie" is also "as" and asks "how" before a verb: the adjectives of measure only)
    'wie ?viel(?:e[nrms]?)?|wie (?:hoch|lange?|alt|jung|weit|nah|schwer|leicht|gro(?:ß|ss)|klein|teuer|billig|günstig|schnell|langsam|oft|häufig|tief|breit|schmal|dick|dünn|stark|schwach|heiß|warm|kalt|früh|spät|effizient|wahrscheinlich|knapp|deutlich)|um wie ?viel',
    // French
    '(?:de )?combien',
    // Spanish
    'cu[aá]nt[oa]s?|qu[eé] tan|cu[aá]n',
    // Italian
    'quant[oaie]|di quanto',
    // Portuguese
    'quant[oa]s?|qu[aã]o',
    // Dutch
    'hoeveel|hoe (?:lang|oud|jong|ver|dichtbij|zwaar|licht|duur|goedkoop|groot|klein|hoog|laag|vaak|snel|langzaam|diep|breed|smal|dik|dun|sterk|zwak|heet|warm|koud|vroeg|laat|efficiënt|waarschijnlijk)',
    // Polish
    'ile|ilu|jak (?:dużo|wiele|długo|daleko|blisko|często|szybk\\p{L}*|wysok\\p{L}*|nisk\\p{L}*|duż\\p{L}*|mał\\p{L}*|star\\p{L}*|młod\\p{L}*|głębok\\p{L}*|szerok\\p{L}*|ciężk\\p{L}*|lekk\\p{L}*|drog\\p{L}*|tani\\p{L}*|siln\\p{L}*|gorąc\\p{L}*|ciepł\\p{L}*|zimn\\p{L}*|wcześnie|późno)',
    // Czech, Swedish, Danish and Norwegian, Finnish, Romanian, Turkish, Hungarian, Catalan.
    'kolik\\p{L}*|jak (?:dlouho|daleko|často|velk\\p{L}+|vysok\\p{L}+|star\\p{L}+)',
    'hur (?:många|mycket|länge|långt|ofta|stor|stora|gammal|gamla|hög|höga)',
    'hvor (?:mange|meget|mye|længe|lenge|langt|ofte|stor|store|gammel|gamle|høj|høy)',
    // Finnish "montako" and "paljonko", not Spanish "montaña" or Italian "montagna".
    'kuinka (?:monta|paljon|pitkä\\p{L}*|kauan|usein|suuri|vanha)|monta(?:ko)?|paljon(?:ko)?',
    // Romanian with its accents: "cat" and "cate" are English words.
    'c[âî]t(?:ă|e)?|c[âî][țţ]i',
    'ka[cç](?: \\p{L}+)?|ne kadar',
    'h[aá]ny(?:an|at)?|mennyi\\p{L}*|mekkora|milyen (?:hossz\\p{L}*|magas|gyakran)',
    // Catalan "quant" alone is French "quant à" ("as for"): read only in a Catalan question (below).
    'quants|quantes|quanta',
  ].join('|'),
);

/** "At what time", "um wie viel Uhr", "à quelle heure": a time of day, in every language read. */
const ASKS_HOUR = askedWords(
  [
    '(?:at |until |by |from )?what time|at which time',
    'um wie ?viel uhr|wie spät|(?:um|bis|ab) welche[rm]? uhrzeit',
    '(?:à|jusqu.à|vers) quelle heure',
    '(?:a|hasta|desde) qu[eé] hora',
    '(?:a|fino a|da) che ora|a che ore',
    '(?:a|às|até) que horas?',
    '(?:om )?hoe laat',
    'o której(?: godzinie)?|do której(?: godziny)?|od której(?: godziny)?',
  ].join('|'),
);

/**
 * "Since when", "seit wann", "depuis quand": the start (a date) or how long it has lasted ("15 ans
 * d'existence"), in every language read.
 */
const ASKS_SINCE = askedWords(
  'since when|seit wann|depuis quand|desde cu[aá]ndo|da quando|desde quando|sinds wanneer|od kiedy|od kdy|sedan när|siden hvornår|siden når|mióta|des de quan',
);

const ASKS_TIME = askedWords(
  [
    'when|since when|(?:what|which|in what|in which) (?:year|date|day|week|month|decade|century|season|time)',
    'wann|seit wann|(?:\\p{L}+ )?welche[mnr]? (?:jahr|tag|datum|termin|zeitpunkt|woche|monat|jahrzehnt|jahrhundert|saison)',
    'quand|depuis quand|(?:en |à |au )?quel(?:le)? (?:année|date|jour|semaine|mois|décennie|siècle|saison)',
    'cu[aá]ndo|desde cu[aá]ndo|(?:en )?qu[eé] (?:d[ií]a|año|fecha|semana|mes|década|siglo|temporada)',
    'quando|da quando|in che (?:anno|giorno|settimana|mese|decennio|secolo|stagione)|(?:in )?quale (?:anno|data|giorno|settimana|mese|decennio|secolo|stagione)',
    'desde quando|(?:em )?que (?:ano|dia|data|semana|mês|década|século|temporada)|qual (?:ano|data|dia|semana|mês|década|século|temporada)',
    'wanneer|sinds wanneer|(?:in )?welke? (?:jaar|datum|dag|tijdstip|week|maand|decennium|eeuw|seizoen)',
    'kiedy|od kiedy|w którym (?:roku|miesiącu|tygodniu|dniu|wieku|sezonie|dziesięcioleciu)|którego dnia',
    'kdy|od kdy|v kterém roce|när|sedan när|hvornår|siden hvornår|når|siden når|milloin|mihin aikaan|c[âa]nd|de c[âa]nd|ne zaman|hangi (?:y[iı]l|tarih|g[uü]n)|mikor|mióta|quan|des de quan',
  ].join('|'),
);

/**
 * "Who heads", "wer steht an der Spitze", "qui dirige", "¿quién encabeza?": a person, named beside the
 * title of the one who leads ("BKA-Präsident Holger Münch", "Betriebsratschefin Daniela Cavallo"), in
 * every language read.
 */
const ASKS_LEADER = askedWords(
  [
    'who (?:heads|leads|runs|chairs|directs|manages|is in charge|is (?:the )?(?:head|chief|leader|boss))',
    'wer (?:leitet|f[uü]hrt|steht an der spitze|ist (?:der |die )?(?:chef|chefin|leiter|leiterin|vorsitzende|pr[aä]sident|pr[aä]sidentin))',
    'qui (?:dirige|pr[eé]side|est [aà] la t[eê]te)',
    'qui[eé]n (?:dirige|preside|encabeza|lidera|est[aá] al frente)',
    'chi (?:guida|dirige|presiede|[eè] a capo)',
    'quem (?:dirige|preside|lidera|comanda|chefia)',
    'wie (?:leidt|leidde|staat aan het hoofd|is (?:de )?(?:baas|directeur|voorzitter))',
    'kto (?:kieruje|przewodniczy|stoi na czele)',
  ].join('|'),
);
const ASKS_PERSON = askedWords(
  // "Which man": right after "which" only ("man" is German for "one", a word or two on).
  '(?:which|what) (?:\\p{L}+ )?m[ae]n|welke (?:\\p{L}+ )?man|who|whom|whose|wer|wem|wen|wessen|qui[eé]n(?:es)?|chi|quem|wiens|wier|kto|kogo|komu|czyj[aey]?|kdo|koho|komu|kým|čí|vem|vems|hvem|kuka|kenen|kenet|ketkä|kime|kimi|kimin|kik|kinek',
);
/**
 * French and Catalan "qui" is "who" where it opens the question or a clause ("Qui a fondé… ?", "À qui
 * … ?", "…, qui a gagné ?") or ends it ("Il a remplacé qui ?"), but "which" or "that" after a noun
 * ("le projet qui a été voté").
 */
const ASKS_PERSON_QUI =
  /(?:^|[,;:]\s*)[\s¿¡"'«“„(]*(?:(?:à|a|de|pour|avec|par|chez|sur|contre|selon|envers|et|mais|per|amb) )?(?:d['’])?qui(?![\p{L}\p{N}])|(?<![\p{L}])qui\s*\?\s*$/u;
/**
 * Romanian "cine" and "cui" ("who", "whose") are Spanish "cine" (cinema) and Italian "cui" ("which"),
 * Romanian "care" ("which") is English "care": read only in a Romanian question. (Danish "hvis" is
 * "whose" but far more often "if": not read.)
 */
const ASKS_PERSON_ROMANIAN = askedWords('cine|cui');
const ASKS_NAMED_ROMANIAN = askedWords('care');
/** Polish and Turkish "kim" is "who", but Kim is a name elsewhere: read where the question's language is one of those or unknown. */
const ASKS_PERSON_KIM = askedWords('kim');
/** Hungarian "ki" is "who", but Slovene "ki" is "which" and "kit" is English: read only in a Hungarian question. */
const ASKS_PERSON_HUNGARIAN = askedWords('ki|kit');
/** Dutch "wie" is "who"; German "wie" is "how": read only in a Dutch question. */
const ASKS_PERSON_DUTCH = askedWords('wie');

/**
 * Asks for a way to reach someone: an e-mail or web address or a telephone number ("what address do
 * affiliates contact", "an welche E-Mail-Adresse", "¿a qué número de teléfono?"), near the question's
 * opening. A bare "address" asks for one only beside a verb of reaching: "what address did the police
 * search?" asks for a place.
 */
const ASKS_CONTACT = askedWords(
  [
    'e-?mail[- ]?addresses|e-?mail[- ]?address|e-?mail-adressen?|e-?mailadressen?|adresses? (?:e-?mail|électroniques?|courriel)|direcci[oó]n(?:es)? de (?:correo|e-?mail)|correo electr[oó]nico|indirizz[oi] (?:e-?mail|di posta)|endere[cç]os? de e-?mail|e-?mailadres(?:sen)?|adres(?:y)? e-?mail',
    'web ?address(?:es)?|website address|url|webadressen?|internetadressen?|adresses? (?:web|internet|du site)|direcci[oó]n web|indirizz[oi] web|endere[cç]os? (?:web|do site|eletr[oô]nico)|webadres|adres(?:y)? (?:strony|www)',
    'phone numbers?|telephone numbers?|hotline|numbers? to call|telefonnummer(?:n)?|rufnummer(?:n)?|num[eé]ros? de t[eé]l[eé]phone|n[uú]meros? de tel[eé]fono|numer[oi] di telefono|n[uú]meros? de telefone|telefoonnummers?|numer(?:y)? telefonu',
  ].join('|'),
);
/** A bare "address" in a question that also says how one reaches it ("contact", "write to", "schreiben an"). */
const ASKS_ADDRESS = askedWords('address|adresse|adres|direcci[oó]n|indirizzo|endere[cç]o');
const REACHING_VERB = askedWords(
  'contact|contacts|contacted|write|writes|email|e-mail|mail|send|reach|apply|kontaktieren|schreiben|senden|wenden|contacter|écrire|envoyer|contactar|escribir|enviar|contattare|scrivere|inviare|mandare|contatar|mailen|sturen|napisać|wysłać|kontakt\\p{L}*',
);

const ASKS_PLACE = askedWords(
  'where|whereabouts|from where|wo|woher|wohin|où|d.où|d[oó]nde|de d[oó]nde|a d[oó]nde|ad[oó]nde|dove|da dove|onde|de onde|aonde|waar|waarheen|waarvandaan|gdzie|skąd|dokąd|kde|odkud|varifrån|vart|hvor|hvorfra|hvorhen|missä|mistä|mihin|unde|de unde|nerede|nereden|nereye|hol|honnan|hová|hova|d.on',
);
/** Swedish "var" is "where" but also "was", Catalan "on" is "where" but English "on": their questions only. */
const ASKS_PLACE_IN: Record<string, RegExp> = {
  sv: askedWords('var'),
  ca: askedWords('on'),
  // Czech and Slovak "kam" is "where to", German "kam" is "came".
  cs: askedWords('kam'),
  sk: askedWords('kam'),
};

/** "Which", "what" and their kin in every language read, before the noun they ask about. */
const WHICH =
  'which|what|welche[rsmn]?|quel(?:le)?s?|qu[eé]|cu[aá]l(?:es)?|qual[ei]?|quali|quais|che|welke?|jak\\p{L}*|któr\\p{L}*|kter\\p{L}*|vilk\\p{L}*|hvilk\\p{L}*|mik[äa]|mitk[äa]|care|hangi|melyik|quin\\p{L}*';
/**
 * Nouns for quantities, the same concepts in each language (share, percentage, part, proportion,
 * amount, number, figure, price, cost, rate, sum, total, size, weight, value, level, position, height,
 * length, distance, population, result, temperature, age, duration, speed): "what share", "quel est le
 * prix", "¿cuál es la cifra?", "jaką część".
 */
const QUANTITY_NOUNS = [
  'share|percentage|percent|portion|part|proportion|amount|quantity|number|figure|price|cost|rate|sum|total|toll|fraction|size|weight|value|level|position|rank|place|height|altitude|depth|width|length|distance|population|count|score|temperature|age|duration|speed',
  'menge|anteil|teil|anzahl|zahl|prozentsatz|preis|kosten|betrag|summe|quote|rate|gesamtzahl|größe|grösse|gewicht|wert|niveau|platz|rang|höhe|tiefe|breite|länge|entfernung|bevölkerung|ergebnis|temperatur|alter|dauer|geschwindigkeit',
  'part|quantité|proportion|pourcentage|nombre|chiffre|montant|prix|coût|taux|somme|total|taille|poids|valeur|niveau|position|rang|place|hauteur|altitude|profondeur|largeur|longueur|distance|population|résultat|score|température|âge|durée|vitesse',
  'porcentaje|parte|proporci[oó]n|cantidad|n[uú]mero|cifra|precio|costo|coste|tasa|suma|monto|importe|total|tamaño|peso|valor|nivel|posici[oó]n|puesto|lugar|altura|altitud|profundidad|anchura|ancho|longitud|distancia|poblaci[oó]n|resultado|temperatura|edad|duraci[oó]n|velocidad',
  'percentuale|quota|parte|proporzione|quantità|numero|cifra|prezzo|costo|tasso|somma|importo|totale|dimensione|peso|valore|livello|posizione|altezza|altitudine|profondità|larghezza|lunghezza|distanza|popolazione|risultato|temperatura|età|durata|velocità',
  'percentagem|porcentagem|parte|parcela|propor[cç][aã]o|quantidade|quantia|n[uú]mero|cifra|pre[cç]o|custo|taxa|soma|montante|total|tamanho|peso|valor|n[ií]vel|posi[cç][aã]o|altura|altitude|profundidade|largura|comprimento|dist[aâ]ncia|popula[cç][aã]o|resultado|temperatura|idade|dura[cç][aã]o|velocidade',
  'percentage|aandeel|deel|hoeveelheid|aantal|getal|bedrag|prijs|kosten|tarief|som|totaal|omvang|grootte|gewicht|waarde|niveau|positie|plaats|hoogte|diepte|breedte|lengte|afstand|bevolking|resultaat|temperatuur|leeftijd|duur|snelheid',
  'procent\\p{L}*|odset\\p{L}*|udzia\\p{L}*|częś\\p{L}*|ilo[sś]\\p{L}*|liczb\\p{L}*|kwot\\p{L}*|cen[aęy]|koszt\\p{L}*|wskaźnik\\p{L}*|stop[aęy]|sum[aęy]|warto[sś]\\p{L}*|wielko[sś]\\p{L}*|wag[aęi]|poziom\\p{L}*|pozycj\\p{L}*|miejsc[eau]|wysoko[sś]\\p{L}*|głęboko[sś]\\p{L}*|szeroko[sś]\\p{L}*|długo[sś]\\p{L}*|odległo[sś]\\p{L}*|ludno[sś]\\p{L}*|wynik\\p{L}*|temperatur\\p{L}*|wiek|czas trwania',
].join('|');
/** "Is", "was" and the articles between "which" and its noun: "what is the share", "quel est le prix", "jaka jest cena". */
const COPULAS =
  'is|was|are|were|has been|will be|ist|war|sind|waren|wird|ist gewesen|est|était|sont|étaient|a été|avait été|sera|es|era|fue|son|eran|fueron|ha sido|será|è|sono|erano|è stato|è stata|sarà|é|foi|são|eram|tem sido|será|zijn|is geweest|wordt|jest|był|była|było|są|były|będzie|je|byl|byla|är|er|var|on|oli|este|a fost';
const ARTICLES = "the|der|die|das|den|dem|des|le|la|les|l'|l’|el|los|las|il|lo|gli|i|o|a|os|as|de|het|een";
/** Dutch "wat" ("what"): no other language read writes it (German "was" is English "was"). */
/**
 * German and Dutch write a quantity's noun as the last part of a compound ("Rekordwert",
 * "Einwohnerzahl", "Marktanteil", "bezoekersaantal"): those whose compounds stay quantities (not
 * "Vorteil", "Arbeitsplatz" nor "Nobelpreis").
 */
const QUANTITY_COMPOUND_TAILS =
  'zahl|wert|anteil|kosten|summe|betrag|menge|höhe|länge|größe|gewicht|dauer|quote|temperatur|geschwindigkeit|entfernung|aantal|bedrag|waarde|hoeveelheid|snelheid|lengte|hoogte|temperatuur';
const ASKS_QUANTITY_NOUN = askedWords(
  `(?:${WHICH}|wat)(?: (?:${COPULAS}))?(?: (?:${ARTICLES}))?(?: [\\p{L}-]+)? (?:${QUANTITY_NOUNS}|\\p{L}+(?:${QUANTITY_COMPOUND_TAILS}))`,
);
/** Nouns for places: "which country", "quelle ville", "in welchem Land", "w którym mieście". */
const PLACE_NOUNS = [
  'countr(?:y|ies)|nations?|city|cities|towns?|regions?|states?|provinces?|villages?|capitals?|islands?|continents?|districts?',
  'land|länder[n]?|staate?n?|stadt|städte[n]?|regionen|ort|orte[n]?|gemeinden?|dorf|dörfer[n]?|hauptstadt|inseln?|kontinent|bundesland|provinz|bezirk',
  'pays|villes?|régions?|états?|capitale|îles?|communes?|départements?|endroit|lieu',
  'pa[ií]s(?:es)?|naci[oó]n(?:es)?|ciudad(?:es)?|regi[oó]n(?:es)?|estados?|provincias?|pueblos?|capital|islas?|continente|municipios?|lugar|localidad',
  'paes[ei]|nazion[ei]|città|region[ei]|stat[oi]|provincia|villaggio|isol[ae]|comun[ei]|luogo',
  'na[cç][aã]o|na[cç][oõ]es|cidades?|regi[aã]o|regi[oõ]es|prov[ií]ncia|aldeia|ilhas?|munic[ií]pio',
  'landen|natie|stad|steden|regio|staat|provincie|dorp|hoofdstad|eiland|gemeente|plaats',
  'kraj\\p{L}*|państw\\p{L}*|narod\\p{L}*|miast\\p{L}*|mieście|regionie|województw\\p{L}*|wsi|wieś|stolic\\p{L}*|wysp\\p{L}*|kontynent\\p{L}*|gmin\\p{L}*|miejsc\\p{L}*',
  'zem[eě]|st[aá]t|m[eě]sto|vesnice|ostrov|länder|städer|lande|maa|kaupunki|alue|[tț][aă]r[aă]|ora[sș]|regiune|[uü]lke|[sş]ehir|kent|b[oö]lge|orsz[aá]g|v[aá]ros|r[eé]gi[oó]|ciutat|regi[oó]',
  // Buildings and venues: "in which building", "in welchem Gebäude", "dans quelle salle".
  'buildings?|venues?|halls?|stadiums?|arenas?|hotels?|churche?s?|schools?|hospitals?|museums?|airports?|stations?|prisons?|gebäude[n]?|halle[n]?|saal|sälen?|stadion|arena|hotels?|kirche[n]?|schule[n]?|krankenhaus|klinik|museum|flughafen|bahnhof|rathaus|gefängnis|bâtiments?|salles?|stades?|églises?|écoles?|hôpitaux|hôpital|musées?|aéroports?|gares?|mairie|prison|edificios?|salas?|estadios?|iglesias?|escuelas?|hospital(?:es)?|museos?|aeropuertos?|estaci[oó]n|ayuntamiento|c[aá]rcel|edifici|stadio|chies[ae]|scuol[ae]|ospedal[ei]|muse[oi]|aeroport[oi]|stazion[ei]|municipio|carcere|edif[ií]cios?|pr[eé]dios?|est[aá]dios?|igrejas?|escolas?|hospitais|museus?|aeroportos?|esta[cç][aã]o|pris[aã]o|gebouw(?:en)?|zaal|zalen|stadions?|kerk(?:en)?|school|scholen|ziekenhuis|musea|luchthaven|stadhuis|gevangenis|budyn\\p{L}*|sal[iae]|stadion\\p{L}*|koś?ci[oe]ł\\p{L}*|szkol\\p{L}*|szkoł\\p{L}*|szpital\\p{L}*|muze\\p{L}*|lotnisk\\p{L}*|dworc\\p{L}*|dworzec|ratusz\\p{L}*|więzieni\\p{L}*',
].join('|');
/**
 * "What did the mayor say", "was sagte", "qu'a déclaré", "¿qué dijo?", "co powiedział": asks for what
 * someone said, which pages quote. The verbs of saying in every language read.
 */
const ASKS_STATEMENT_VERBS = [
  'say|says|said|tell|tells|told|declar*|announc*|call|calls|called|describ*|claim*|argu*|warn*|promis*|repl*|respond*|admit*|writ*|wrote|explain*|insist*|compar*',
  'sag*|gesagt|erklär*|verkünd*|nenn*|nannt*|genannt|bezeichn*|beschreib*|behaupt*|warn*|gewarnt|versprach|versprochen|antwort*|schreib*|schrieb*|geschrieben|vergleich*|verglich*',
  'dit|dire|disait|déclar*|annonc*|appel*|qualifi*|décri*|affirm*|avert*|promi*|répond*|admet*|écri*|expliqu*|compar*|estim*',
  'dijo|dice|dicen|decir|dijeron|declar*|anunci*|llam*|calific*|describ*|afirm*|advirti*|advierte|prometi*|respond*|admiti*|escribi*|explic*|compar*',
  'detto|dice|dicono|disse|dire|dichiar*|annunci*|chiam*|defin*|descri*|afferm*|avvert*|promess*|rispost*|rispond*|ammess*|scritt*|spieg*|compar*',
  'disse|diz|dizem|dizer|declar*|anunci*|cham*|classific*|descrev*|afirm*|alert*|prometeu|respond*|admitiu|escrev*|explic*|compar*',
  'zei|zegt|zeggen|gezegd|verklaar*|noem*|beschrijf*|beweer*|waarschuw*|belooft|beloofde|antwoord*|schreef|schrijft|vergelijk*',
  'powiedzia*|mówi*|stwierdzi*|oświadczy*|ogłosi*|nazwa*|nazywa*|określi*|opisa*|twierdzi*|ostrzeg*|obieca*|odpowiedzia*|przyzna*|napisa*|wyjaśni*|porówna*',
];
/** The verbs of saying as a pattern's alternatives. */
const STATEMENT_VERBS = ASKS_STATEMENT_VERBS.join('|').replace(/\*/g, '\\p{L}*');
/** Verbs that cannot stand between "which" and its noun: "what did the mayor say" asks for what was said, not for the mayor. */
const AUXILIARIES =
  'did|does|do|is|was|are|were|has|have|had|will|would|can|could|should|ist|war|hat|hatte|wird|sind|haben|est|ont|sont|était|es|fue|ha|han|era|è|é|foi|tem|heeft|jest|był|była|było';
/**
 * Articles that open a noun phrase of their own after a noun ("a que partido a autora", "welche Partei
 * die Autorin"): the noun after one is the question's subject, not what "which" asks about, unless a
 * word meaning "of" comes before it ("which of the players", "cuál de los jugadores").
 */
const PHRASE_ARTICLES =
  'the|a|an|der|die|das|den|dem|des|ein|eine|einen|einem|einer|le|la|les|un|une|el|los|las|il|lo|gli|o|os|as|um|uma|het|een';
const OF = 'of|von|de|di|du|del|della|dei|degli|do|da|dos|das|van|z|ze';
const WORD_BETWEEN = `(?!(?:${AUXILIARIES})(?![\\p{L}]))[\\p{L}-]+`;
/**
 * Words between "which" and its noun, at most two ("which two small states", "qué vicepresidente
 * electo"), no verb among them (`AUXILIARIES`), and no article after a word other than "of"
 * (`PHRASE_ARTICLES`).
 */
const BETWEEN_WHICH_AND_NOUN = `(?: (?:${OF}) (?:${PHRASE_ARTICLES})| ${WORD_BETWEEN}(?: (?!(?:${PHRASE_ARTICLES})(?![\\p{L}]))${WORD_BETWEEN})?)?`;
const ASKS_PLACE_NOUN = askedWords(`(?:${WHICH})${BETWEEN_WHICH_AND_NOUN} (?:${PLACE_NOUNS})`);
/** The places German and Dutch compounds end in; "-ort" only in these ("Antwort", "Sport" are none). */
const PLACE_COMPOUND_TAILS =
  'stadt|städte|land|länder|dorf|dörfer|gemeinde|region|insel|staat|staaten|provinz|bezirk|stad|steden|dorp|gemeente|eiland|provincie';
const PLACES_IN_ORT = 'wohnort|standort|geburtsort|tatort|urlaubsort|heimatort|austragungsort|woonplaats';
const ASKS_PLACE_COMPOUND = askedWords(
  `(?:${WHICH})${BETWEEN_WHICH_AND_NOUN} (?:\\p{L}{2,}(?:${PLACE_COMPOUND_TAILS})|\\p{L}*(?:${PLACES_IN_ORT}))`,
);

/**
 * Nouns for people by role: "which leader", "qué dirigente", "welcher Politiker", "który minister"
 * ask for a person's name, as "who" does.
 */
const PERSON_NOUNS = [
  'leaders?|presidents?|ministers?|mayors?|reporters?|journalists?|authors?|writers?|actors?|actress(?:es)?|players?|coach(?:es)?|managers?|founders?|owners?|billionaires?|politicians?|officials?|spokes(?:man|woman|person)|chairman|chairwoman|chief|executives?|ceo|director|directors|artists?|singers?|scientists?|researchers?|experts?|professors?|doctors?|lawyers?|judges?|candidates?|members?|persons?|people|woman|women',
  'politiker(?:in)?|präsident(?:in)?|minister(?:in)?|bürgermeister(?:in)?|reporter(?:in)?|journalist(?:in)?|autor(?:in)?|schauspieler(?:in)?|spieler(?:in)?|trainer(?:in)?|chef(?:in)?|gründer(?:in)?|besitzer(?:in)?|sprecher(?:in)?|vorsitzende[rn]?|direktor(?:in)?|künstler(?:in)?|sänger(?:in)?|wissenschaftler(?:in)?|forscher(?:in)?|experte|expertin|professor(?:in)?|arzt|ärztin|anwalt|anwältin|richter(?:in)?|kandidat(?:in)?|person|mann|frau',
  'dirigeant(?:e)?s?|président(?:e)?s?|ministres?|maires?|reporters?|journalistes?|auteur(?:e)?s?|écrivain(?:e)?s?|acteurs?|actrices?|joueu(?:r|se)s?|entraîneu(?:r|se)s?|patron(?:ne)?s?|fondat(?:eur|rice)s?|propriétaires?|porte-parole|directeu(?:r|rice)s?|artistes?|chanteu(?:r|se)s?|chercheu(?:r|se)s?|scientifiques?|experts?|professeurs?|médecins?|avocat(?:e)?s?|juges?|candidat(?:e)?s?|personnes?|homme|femme',
  'dirigentes?|president[ea]s?|ministr[oa]s?|alcaldes?|alcaldesa|intendentes?|edil(?:es)?|concejal(?:es)?|periodistas?|reporter[oa]s?|autor(?:a|es)?|escritor(?:a|es)?|actor(?:es)?|actriz|jugador(?:a|es)?|entrenador(?:a|es)?|técnicos?|fundador(?:a|es)?|dueñ[oa]s?|portavoz|vocero|director(?:a|es)?|artistas?|cantantes?|científic[oa]s?|investigador(?:a|es)?|expert[oa]s?|profesor(?:a|es)?|médic[oa]s?|abogad[oa]s?|juez|jueces|candidat[oa]s?|legislador(?:a|es)?|diputad[oa]s?|senador(?:a|es)?|funcionari[oa]s?|persona|hombre|mujer',
  'giornalist[ai]|president[ei]|ministr[oi]|sindac[oi]|autor[ei]|scrittor[ei]|attor[ei]|attrice|giocator[ei]|allenator[ei]|fondator[ei]|proprietari[oa]?|portavoce|dirett(?:ore|ori|rice)|artist[ai]|cantant[ei]|scienziat[oi]|ricercator[ei]|espert[oi]|professor[ei]|medic[oi]|avvocat[oi]|giudic[ei]|candidat[oi]|uomo|donna',
  'repórter(?:es)?|jornalistas?|presidentes?|ministr[oa]s?|prefeit[oa]s?|autor(?:a|es)?|escritor(?:a|es)?|ator(?:es)?|atriz|jogador(?:a|es)?|treinador(?:a|es)?|técnicos?|fundador(?:a|es)?|don[oa]s?|porta-voz|diretor(?:a|es)?|artistas?|cantor(?:a|es)?|cientistas?|pesquisador(?:a|es)?|especialistas?|professor(?:a|es)?|médic[oa]s?|advogad[oa]s?|juíz(?:a)?|candidat[oa]s?|deputad[oa]s?|senador(?:a|es)?|pessoa|homem|mulher',
  'politicus|president|minister|burgemeester|verslaggever|journalist|auteur|schrijver|acteur|actrice|speler|trainer|oprichter|eigenaar|woordvoerder|directeur|kunstenaar|zanger(?:es)?|wetenschapper|onderzoeker|deskundige|hoogleraar|arts|advocaat|rechter|kandidaat|persoon|vrouw',
  'polityk\\p{L}*|prezydent\\p{L}*|minist\\p{L}*|burmistrz\\p{L}*|reporter\\p{L}*|dziennikar\\p{L}*|autor\\p{L}*|pisar\\p{L}*|aktor\\p{L}*|piłkarz\\p{L}*|zawodni\\p{L}*|trener\\p{L}*|założyciel\\p{L}*|właściciel\\p{L}*|rzeczni\\p{L}*|dyrektor\\p{L}*|prezes\\p{L}*|artyst\\p{L}*|naukow\\p{L}*|badacz\\p{L}*|ekspert\\p{L}*|profesor\\p{L}*|lekarz\\p{L}*|prawni\\p{L}*|sędzi\\p{L}*|kandydat\\p{L}*|posł\\p{L}*|osob\\p{L}*',
  // Offices, ranks, trades, sports, family and the people news names by what happened to them.
  'lawmakers?|legislators?|senators?|governors?|congress(?:man|woman|men|women)|mps?|chancellors?|kings?|queens?|princes?|princess(?:es)?|popes?|bishops?|priests?|commanders?|captains?|officers?|soldiers?|economists?|philosophers?|thinkers?|historians?|poets?|painters?|composers?|musicians?|filmmakers?|producers?|photographers?|architects?|engineers?|inventors?|designers?|athletes?|climbers?|skaters?|cyclists?|footballers?|strikers?|goalkeepers?|referees?|victims?|suspects?|witness(?:es)?|teachers?|students?|pupils?|sons?|daughters?|fathers?|mothers?|brothers?|sisters?|wife|wives|husbands?|friends?|colleagues?|employees?|workers?|boss(?:es)?|entrepreneurs?|investors?|activists?|editors?|analysts?|ambassadors?|diplomats?|presenters?',
  'abgeordnete[rn]?|senator(?:in)?|gouverneur(?:in)?|kanzler(?:in)?|könig(?:in)?|prinz(?:essin)?|papst|bischof|priester(?:in)?|offizier(?:in)?|soldat(?:in)?|ökonom(?:in)?|philosoph(?:in)?|denker(?:in)?|historiker(?:in)?|dichter(?:in)?|maler(?:in)?|komponist(?:in)?|musiker(?:in)?|regisseur(?:in)?|produzent(?:in)?|fotograf(?:in)?|architekt(?:in)?|ingenieur(?:in)?|erfinder(?:in)?|designer(?:in)?|sportler(?:in)?|athlet(?:in)?|läufer(?:in)?|stürmer(?:in)?|torhüter(?:in)?|schiedsrichter(?:in)?|sieger(?:in)?|opfer|täter(?:in)?|verdächtige[rn]?|zeuge|zeugin|lehrer(?:in)?|schüler(?:in)?|student(?:in)?|sohn|tochter|vater|mutter|bruder|schwester|ehefrau|ehemann|freund(?:in)?|kollege|kollegin|mitarbeiter(?:in)?|unternehmer(?:in)?|investor(?:in)?|aktivist(?:in)?|kritiker(?:in)?|botschafter(?:in)?|diplomat(?:in)?|moderator(?:in)?|redakteur(?:in)?',
  'députée?s?|sénat(?:eur|rice)s?|gouverneurs?|chanceli(?:er|ère)s?|rois?|reines?|princes?|princesses?|papes?|évêques?|prêtres?|officiers?|soldats?|économistes?|philosophes?|penseu(?:r|se)s?|historien(?:ne)?s?|poètes?|peintres?|compositeu(?:r|rice)s?|musicien(?:ne)?s?|réalisat(?:eur|rice)s?|product(?:eur|rice)s?|photographes?|architectes?|ingénieur(?:e)?s?|invent(?:eur|rice)s?|athlètes?|coureu(?:r|se)s?|pilotes?|attaquant(?:e)?s?|gardiens?|arbitres?|vainqueurs?|victimes?|suspect(?:e)?s?|témoins?|enseignant(?:e)?s?|élèves?|étudiant(?:e)?s?|fils|filles?|pères?|mères?|frères?|sœurs?|épouses?|époux|mari|ami(?:e)?s?|collègues?|salarié(?:e)?s?|employé(?:e)?s?|entrepreneu(?:r|se)s?|investisseu(?:r|se)s?|militant(?:e)?s?|ambassad(?:eur|rice)s?|diplomates?|animat(?:eur|rice)s?|rédact(?:eur|rice)s?|responsables?|élu(?:e)?s?',
  'gobernador(?:a|es)?|canciller(?:es)?|rey(?:es)?|reina|príncipe|princesa|obispo|sacerdote|oficial(?:es)?|soldados?|economistas?|filósof[oa]s?|pensador(?:a|es)?|historiador(?:a|es)?|poetas?|pintor(?:a|es)?|compositor(?:a|es)?|músic[oa]s?|cineastas?|productor(?:a|es)?|fotógraf[oa]s?|arquitect[oa]s?|ingenier[oa]s?|inventor(?:a|es)?|diseñador(?:a|es)?|deportistas?|atletas?|corredor(?:a|es)?|pilotos?|delanter[oa]s?|goleador(?:a|es)?|arquer[oa]s?|porter[oa]s?|árbitr[oa]s?|ganador(?:a|es)?|víctimas?|sospechos[oa]s?|testigos?|maestr[oa]s?|alumn[oa]s?|estudiantes?|hij[oa]s?|padre|madre|herman[oa]s?|espos[oa]s?|amig[oa]s?|colegas?|emplead[oa]s?|trabajador(?:a|es)?|empresari[oa]s?|inversor(?:a|es)?|activistas?|embajador(?:a|es)?|diplomátic[oa]s?|presentador(?:a|es)?|editor(?:a|es)?',
  'deputat[oi]|senator[ei]|governator[ei]|cancellier[ei]|regina|principe|principessa|vescov[oi]|sacerdote|ufficial[ei]|soldat[oi]|economist[ai]|filosof[oi]|pensator[ei]|poet[ai]|pittor[ei]|compositor[ei]|musicist[ai]|regist[ai]|produttor[ei]|fotograf[oi]|architett[oi]|ingegner[ei]|inventor[ei]|atlet[ai]|corridor[ei]|pilot[ai]|attaccant[ei]|portier[ei]|arbitr[oi]|vincitor[ei]|vittim[ae]|sospettat[oi]|testimon[ei]|insegnant[ei]|student[ei]|figli[oa]?|padre|madre|fratell[oi]|sorell[ae]|moglie|marito|amic[oa]|amici|collega|colleghi|dipendent[ei]|imprenditor[ei]|investitor[ei]|attivist[ai]|ambasciator[ei]|conduttor[ei]|presentator[ei]',
  'governador(?:a|es)?|chanceler(?:es)?|rei|rainha|príncipe|princesa|bispo|padre|oficial|soldados?|economistas?|filósof[oa]s?|pensador(?:a|es)?|historiador(?:a|es)?|poetas?|pintor(?:a|es)?|compositor(?:a|es)?|músic[oa]s?|cineastas?|produtor(?:a|es)?|fotógraf[oa]s?|arquitet[oa]s?|engenheir[oa]s?|inventor(?:a|es)?|atletas?|corredor(?:a|es)?|pilotos?|atacantes?|goleir[oa]s?|árbitr[oa]s?|vencedor(?:a|es)?|vítimas?|suspeit[oa]s?|testemunhas?|alun[oa]s?|estudantes?|filh[oa]s?|pai|mãe|irmãos?|irmã|espos[oa]|marido|amig[oa]s?|colegas?|funcionári[oa]s?|empresári[oa]s?|investidor(?:a|es)?|ativistas?|embaixador(?:a|es)?|diplomatas?|apresentador(?:a|es)?|editor(?:a|es)?',
  'kamerlid|parlementariër|senator|gouverneur|kanselier|koning(?:in)?|prins(?:es)?|paus|bisschop|priester|officier|soldaat|econoom|filosoof|denker|historicus|dichter|schilder|componist|muzikant|regisseur|producent|fotograaf|architect|ingenieur|uitvinder|ontwerper|sporter|atleet|coureur|spits|keeper|scheidsrechter|winnaar|slachtoffer|verdachte|getuige|leraar|lerares|leerling|student|zoon|dochter|vader|moeder|broer|zus|echtgenote?|vriend(?:in)?|collega|werknemer|ondernemer|investeerder|activist|criticus|ambassadeur|diplomaat|presentator|redacteur',
  'senator\\p{L}*|gubernator\\p{L}*|kanclerz\\p{L}*|król\\p{L}*|królow\\p{L}*|papież\\p{L}*|biskup\\p{L}*|ksiądz|księdz\\p{L}*|oficer\\p{L}*|żołnierz\\p{L}*|ekonomist\\p{L}*|filozof\\p{L}*|myśliciel\\p{L}*|historyk\\p{L}*|poet\\p{L}*|malarz\\p{L}*|kompozytor\\p{L}*|muzyk\\p{L}*|reżyser\\p{L}*|producent\\p{L}*|fotograf\\p{L}*|architekt\\p{L}*|inżynier\\p{L}*|wynalazc\\p{L}*|projektant\\p{L}*|sportowc\\p{L}*|biegacz\\p{L}*|kierowc\\p{L}*|napastni\\p{L}*|bramkarz\\p{L}*|zwycięzc\\p{L}*|ofiar\\p{L}*|podejrzan\\p{L}*|świad\\p{L}*|nauczyciel\\p{L}*|uczni\\p{L}*|uczeń|student\\p{L}*|córk\\p{L}*|ojc\\p{L}*|ojciec|matk\\p{L}*|siostr\\p{L}*|żon\\p{L}*|mąż|męż\\p{L}*|przyjaciel\\p{L}*|koleg\\p{L}*|pracowni\\p{L}*|przedsiębiorc\\p{L}*|inwestor\\p{L}*|aktywist\\p{L}*|ambasador\\p{L}*|dyplomat\\p{L}*|redaktor\\p{L}*',
].join('|');
/** A role with "vice", "ex" or "co" before it: "qué vicepresidente", "welche Vizekanzlerin", "which co-founder". */
const ROLE_PREFIX = '(?:(?:vice|vize|ex|co)-?)?';
const ASKS_PERSON_NOUN = askedWords(
  `(?:${WHICH})${BETWEEN_WHICH_AND_NOUN} ${ROLE_PREFIX}(?:${PERSON_NOUNS})`,
);
/**
 * German and Dutch write a role or a place as the last part of a compound ("welcher
 * Sportwissenschaftler", "welche Bundesministerin", "in welcher Kreisstadt", "welke burgemeester"):
 * in their questions, a noun ending in one counts as it.
 */
const ASKS_PERSON_COMPOUND = askedWords(
  // A role of five letters or more: a short one ends other words ("Unternehmen").
  `(?:${WHICH})${BETWEEN_WHICH_AND_NOUN} \\p{L}{2,}(?=\\p{L}{5})(?:${PERSON_NOUNS})`,
);

/** "Which newspaper", "quel journal", "welches Land": a named thing. */
const ASKS_NAMED = askedWords(
  'which|quel(?:le)?s?|welche[rsmn]?|cu[aá]l(?:es)?|quale?|quali|qual|quais|welke?|któr[yaeg]\\p{L}*|kter\\p{L}+|vilk\\p{L}+|hvilk\\p{L}+|kumpi|hangi|melyik|quin|quina|quins|quines',
);

/**
 * "What is the name of", "quel est le nom", "¿cuál es el nombre?": a name asked for by the noun, before
 * any quantity's noun is looked for (French "nombre", a number, is Spanish for a name).
 */
const ASKS_NAME_NOUN = askedWords(
  'the name of|(?:what|which) name|what.s the name|der name|den namen|welchen namen|le nom|quel nom|el nombre|qu[eé] nombre|il nome|che nome|o nome|que nome|de naam|welke naam',
);

/**
 * "What is it called", "wie heißt", "comment s'appelle", "¿cómo se llama?", "jak się nazywa": asks for a
 * name (`ASKS_NAME_NOUN` too). In every language read (Norwegian "het" is Dutch "the": left out).
 */
const ASKS_NAME = askedWords(
  [
    'called|named|titled|entitled',
    'hei(?:ß|ss)t|hei(?:ß|ss)en|hie(?:ß|ss)|hie(?:ß|ss)en|nennt sich|trägt den namen',
    's.appel(?:le|lent|ait|aient)|s.intitul(?:e|ent|ait|aient)|nommée?s?|intitulée?s?',
    'se llam(?:a|an|aba|aban|ó)|se titul(?:a|an|aba|ó)|llamad[oa]s?|titulad[oa]s?',
    'si chiam(?:a|ano|ava|avano)|s.intitol(?:a|ava)|si intitol(?:a|ava)|chiamat[oaie]|intitolat[oaie]',
    'se cham(?:a|am|ava|avam)|chamad[oa]s?|intitulad[oa]s?',
    'heet|heette|heetten|genoemd|getiteld',
    'nazyw(?:a|ają|ał|ała|ało|ali) się|się nazyw\\p{L}*|nazw(?:a|ę|y)|zatytułowan\\p{L}*',
    'jmenuj\\p{L}*|jmenoval\\p{L}*|heter|hette|hedder|hed|heitte|nimi\\p{L}*|numește|numea|adı|hívják|hívták|es diu|es deia',
  ].join('|'),
);

/** The words for "what" that ask what was said, in every language read. */
const WHAT = 'what|was|que|quoi|qu[eé]|cosa|che cosa|o que|wat|co|czym|jak';
/**
 * "What" and a verb of saying in the question, in every language read: "what did he say", "was hat
 * sie gesagt", "qu'a-t-il dit", "co powiedział". (Read as two words anywhere in it: a question is short.)
 */
const ASKS_STATEMENT_WHAT = new RegExp(`(?<![\\p{L}])(?:(?:${WHAT})(?![\\p{L}])|qu['’])`, 'u');
const STATEMENT_VERB = askedWords(STATEMENT_VERBS);
/**
 * "What" right before the verb of saying (an auxiliary between at most): "¿qué dijo la alcaldesa?",
 * "was sagte die Ministerin", "qu'a déclaré le maire", "cosa ha detto il sindaco" ask for what was
 * said, before the role named after the verb makes them look like "which mayor".
 */
const ASKS_STATEMENT_FIRST = new RegExp(
  `(?<![\\p{L}])(?:(?:${WHAT})(?: (?:${AUXILIARIES}))?|qu['’](?:a|ont|avait|avaient)(?:-t-(?:il|elle|on)|-(?:ils|elles))?) (?:${STATEMENT_VERBS})(?![\\p{L}])`,
  'u',
);

/**
 * A quantity asked for in a unit of weight, length or time ("how heavy", "what does it weigh", "how
 * far", "how long did it take", "how old", "how many years"), in the eight languages read: answered by
 * a number with such a unit, which few of a page's numbers have.
 */
const ASKS_WEIGHT = askedWords(
  [
    'how heavy|weigh|weighs|weighed|(?:what|which) (?:is|was) (?:the|its) weight',
    'wie schwer|wiegt|wiegen|wog|wogen|welches gewicht',
    'quel poids|pèse|pèsent|pesait|pesaient',
    'qu[eé] peso|cu[aá]nto pesa\\p{L}*|pesa|pesan|pesaba|pesó|pesaron',
    'quanto pesa\\p{L}*|che peso|pesano|pesava',
    'qual (?:é )?o peso|pesou|pesam',
    'hoe zwaar|weegt|woog|welk gewicht',
    'ile waż\\p{L}*|waży|ważą|ważył\\p{L}*|jak ciężk\\p{L}*',
  ].join('|'),
);
const ASKS_LENGTH = askedWords(
  [
    'how (?:far|tall|deep|wide|long (?:is|was|are|were))|(?:what|which)(?: (?:is|was) (?:the|its))? (?:length|distance|height|altitude|depth|width)',
    'wie (?:weit|tief|breit|lang)|welche[rmn]? (?:länge|entfernung|höhe|tiefe|breite)',
    'à quelle distance|quelle (?:distance|longueur|hauteur|altitude|profondeur|largeur)|combien mesure\\p{L}*',
    'a qu[eé] distancia|qu[eé] (?:distancia|longitud|altura|altitud|profundidad|anchura)|cu[aá]nto mide\\p{L}*',
    'a che distanza|(?:che|quale) (?:distanza|lunghezza|altezza|altitudine|profondità|larghezza)|quanto (?:è|e) (?:lung[oa]|alt[oa]|distante|profond[oa]|larg[oa])|quanto misura\\p{L}*',
    'a que dist[aâ]ncia|(?:que|qual) (?:é )?(?:[ao] )?(?:dist[aâ]ncia|comprimento|altura|altitude|profundidade|largura)|quanto mede\\p{L}*',
    'hoe (?:ver|diep|breed|lang is|lang was)|welke (?:afstand|lengte|hoogte|diepte|breedte)',
    'jak (?:daleko|wysok\\p{L}*|głęboko|szerok\\p{L}*|dług\\p{L}* jest)|jak\\p{L}* (?:jest )?(?:odległoś\\p{L}+|długoś\\p{L}+|wysokoś\\p{L}+|głębokoś\\p{L}+|szerokoś\\p{L}+)',
  ].join('|'),
);
const ASKS_DURATION = askedWords(
  [
    'how long|how old|how young|how much time|(?:how many|for how many) (?:years|months|weeks|days|hours|minutes|decades)',
    'wie lange|wie alt|wie jung|wie viel zeit|wie viele (?:jahre|monate|wochen|tage|stunden|minuten|jahrzehnte)',
    'combien de (?:temps|ann[eé]es|ans|mois|semaines|jours|heures|minutes)|quel [aâ]ge|depuis combien',
    'cu[aá]nto tiempo|cu[aá]ntos (?:años|meses|días|horas|minutos)|cu[aá]ntas (?:semanas|horas|décadas)|qu[eé] edad|cu[aá]nto dur\\p{L}*',
    'quanto tempo|quant[ie] (?:anni|mesi|giorni|ore|minuti|settimane)|quanto dur\\p{L}*|che età|quanti anni ha',
    'quanto tempo|quant[oa]s (?:anos|meses|dias|horas|minutos|semanas)|quanto dur\\p{L}*|que idade',
    'hoe lang|hoe oud|hoe jong|hoeveel tijd|hoeveel (?:jaar|jaren|maanden|weken|dagen|uur|uren|minuten)',
    'jak długo|ile czasu|ile (?:lat|miesięcy|tygodni|dni|godzin|minut)|ile trwa\\p{L}*|ile trwał\\p{L}*|ile ma lat|w jakim wieku',
  ].join('|'),
);

/** Whole words; an alternative ending in `*` takes any ending (the verbs and nouns asked with are inflected). */
const inflected = (alternatives: readonly string[]): RegExp =>
  askedWords(alternatives.join('|').replace(/\*/g, '\\p{L}*'));

/**
 * Words asked with, a list for each language (`others`, for the languages without one, is every list's
 * words when not given), read in the question's own language when it is known: another language's word
 * is often one of this language's with another meaning (English "invest" in Spanish "investigadores",
 * Portuguese "custo" in English "customer", Polish "płac" in French "place", English "fare" in Italian
 * "fare", English "was" and German "was"). A question whose language is not known is read with every
 * list. An alternative ending in `*` takes any ending.
 */
class ByLanguage {
  readonly #all: RegExp;
  readonly #own = new Map<string, RegExp>();
  readonly #others: RegExp;

  constructor({ others, ...lists }: Record<string, string> & { others?: string }) {
    this.#all = inflected([...Object.values(lists), ...(others ? [others] : [])]);
    for (const [language, words] of Object.entries(lists)) this.#own.set(language, inflected([words]));
    this.#others = others ? inflected([others]) : this.#all;
  }

  #pattern(language: string | undefined): RegExp {
    return language === undefined ? this.#all : (this.#own.get(language) ?? this.#others);
  }

  /** Whether the question asks with one of its language's words. */
  test(question: string, language: string | undefined): boolean {
    return this.#pattern(language).test(question);
  }
}

/**
 * A quantity asked about as a share of something ("what percentage", "welcher Anteil", "quel taux")
 * or as a change ("how much did prices rise", "¿cuánto subieron?", "o ile wzrosły"): answered by a
 * percentage, which pages write with "%" or a word for it. In every language read.
 */
const ASKS_SHARE = new ByLanguage({
  en: 'percent*|per cent|share|proportion*|fraction|rate|rise|rises|risen|rose|increas*|grow*|grew|fell|fall|falls|fallen|drop*|declin*|decreas*|jump*|climb*|raise*|cut|reduc*',
  de: 'prozent*|anteil*|quote|steig*|kletter*|stieg*|gestieg*|anstieg*|zugenommen|zunehm*|nahm* zu|wachs*|gewachs*|sink*|sank*|gesunken|gefallen|rückgang*|erhöh*|senk*',
  fr: 'pourcentage*|pour ?cent|quelle part|taux|augment*|hausse*|baiss*|croissance|progress*|recul*|chut*|diminu*|grimp*',
  es: 'porcentaje*|por ?ciento|proporci*|tasa*|subi*|suba*|aument*|crec*|bajó|bajaron|bajado|cay[oó]|cayeron|ca[ií]da*|descen*|increment*|alza*|reducci*',
  it: 'percentual*|per ?cento|quota|tass[oi]|crescit*|cresc*|calat*|calo|sces[oaie]|salit[oaie]|rialz*|ribass*|riduzion*',
  pt: 'percentagem|porcentagem|por ?cento|taxa*|parcela*|subiu|subiram|aumentou|aumentaram|cresceu|caiu|queda*|redu[cç]*',
  nl: 'percentage*|procent*|aandeel|stijg*|steeg|gestegen|toename|toegenomen|groei*|gegroeid|dalen|daalde*|gedaald|daling',
  pl: 'procent*|odset*|udzia*|wska[zź]ni*|stop[aęy]|wzr[oó]s*|wzrost*|spad*|zwi[eę]ksz*|zmniejsz*|podwy[zż]k*|obni[zż]*',
  // Czech, Swedish, Danish and Norwegian, Finnish, Romanian, Turkish, Hungarian, Catalan.
  others:
    'procent*|pod[ií]l*|vzr[uů]st*|pokles*|andel*|ökn*|minsk[ae]*|steg|stig*|prosent*|osuu*|kasv*|lask*|procentu*|cre[sș]t*|sc[aă]der*|y[uü]zde*|oran[ıi]?|art[iı][sş]*|sz[aá]zal[eé]k*|ar[aá]ny*|n[oö]veked*|cs[oö]kken*|percentatge*',
});

/**
 * A quantity asked about as money ("what did it cost", "quel budget", "jaka kara"): answered by a sum
 * with its currency. In every language read.
 */
const ASKS_MONEY = new ByLanguage({
  en: 'price*|cost*|pay|pays|paying|payment*|payout*|payroll*|paid|charg*|budget*|salar(?:y|ies)|wage*|fees?|fares?|fine|fines|fined|spend*|spent|earn*|revenue*|income*|worth|money|fund|funds|funding|invest*|sums?|amount*|tax|taxes',
  de: 'preis*|kost*|bezahl*|zahlt*|gezahlt|gehalt*|lohn*|etat*|geb[uü]hr*|strafe*|bu[sß]geld*|umsatz*|einnahm*|verdien*|ausgab*|(?:\\p{L}+)?geld(?:er|es)?|betrag*|summe*|steuer*',
  fr: 'prix|co[uû]t*|pay[eé]*|paie*|budget*|salaire*|frais|tarif*|amende*|d[eé]pens*|recette*|gagn*|argent|montant*|sommes?|imp[oô]t*',
  es: 'precio*|costo*|coste*|costó|costaron|costar*|cuesta*|pag[oó]|pagar*|pagaron|pagado*|presupuest*|sueldo*|salarios?|tarifa*|multa*|gast[oó]|gastar*|gastaron|gastos?|ingreso*|dinero*|monto*|importe*|suma*|impuest*',
  it: 'prezz*|cost[oa]*|pagat*|pagare|bilanci*|stipendi*|salari[oi]|tariff*|multa*|spes[aeio]|ricav*|guadagn*|soldi|denaro|importo*|somma*|tasse',
  pt: 'pre[cç]o*|custo*|custa*|pago*|pagou|pagar*|pagaram|or[cç]amento*|sal[aá]rio*|tarifa*|multa*|gastou|gastar*|gastos?|receita*|ganh*|dinheiro*|quantia*|imposto*',
  nl: 'prijs*|prijz*|kost*|betaal*|betaald|budget*|salaris*|loon|lonen|tarief*|boete*|uitgegeven|uitgave*|omzet*|verdien*|geld|bedrag*|belasting*',
  pl: 'cen[aęy]|cenie|koszt*|p[lł]ac*|zap[lł]ac*|bud[zż]et*|pensj*|wynagrodz*|op[lł]at*|kar[aęy]|grzywn*|wyda[lł]*|przych[oó]d*|zarob*|pieni[aą]dz*|kwot*|podat*',
  // Czech, Swedish, Danish and Norwegian, Finnish, Romanian, Turkish, Hungarian, Catalan.
  others:
    'cen[auy]|n[aá]klad*|zaplat*|pokut*|kostn*|betal*|l[oö]n|l[oö]nen|avgift*|b[oö]ter|hinta*|maks*|palk*|sakko*|pre[tț]ul*|costul*|salariu*|fiyat*|maliyet*|[uü]cret*|maa[sş]*|ceza*|k[oö]lts[eé]g*|fizet*|b[ií]rs[aá]g*|preu|sou|multa*|costa|costen|costava|costar|pagar|pagat|pagà',
});

/**
 * "How much of his term", "wie viel davon", "combien du budget": a part of something, which pages write
 * as a number, a fraction, a share or a sum alike, so a quantity whatever money word follows ("how much
 * of his term will he spend").
 */
const ASKS_PART_OF = askedWords(
  'how much of|wie ?viel (?:von|vom|des|der|davon)|combien (?:du|de la|de l|des)|cu[aá]nto (?:de|del)|quanto (?:del|della|dello|dei|delle|di)|quanto (?:do|da|dos|das)|hoeveel (?:van|daarvan)|ile z|ile ze',
);

/**
 * "How much is the ticket?", "how much are the seats?": "how much" with "is" and a thing asks its price
 * ("how much is left" does not: no article or pronoun follows).
 */
const ASKS_PRICE = askedWords(
  "how much (?:is|are|was|were|will be|would be) (?:the|a|an|one|each|every|his|her|their|its|this|that|these|those|it|they)|how much (?:is|was|are|were) [\\p{L}'’-]+(?:'s|’s) ",
);

/** "How many", "wie viele", "cuántos": a count of things (a share only when it names per cent). */
const ASKS_COUNT = askedWords(
  'how many|wie ?viele[nmrs]?|cu[aá]nt[oa]s|quant[ie]|quant[oa]s|ilu|kolik|hur många|hvor mange',
);
const NAMES_PER_CENT = askedWords(
  `${PERCENT_WORDS}|percent\\p{L}*|prozent\\p{L}*|porcentaj\\p{L}*|percentual\\p{L}*|percentagem|porcentagem`,
);

/** "Why", "warum", "pourquoi", "dlaczego"...: asks for a reason. */
const ASKS_REASON = askedWords(
  [
    // A purpose too ("what for", "wozu", "¿para qué?"): answered the same way ("um … zu", "so that").
    'why|how come|for what reason|what (?:caused|led to|made)|what for|for what purpose|to what end',
    'warum|weshalb|wieso|weswegen|aus welchem grund|wodurch|wozu|zu welchem zweck|mit welchem ziel',
    'pourquoi|pour quelle raison|qu.est-ce qui (?:a causé|explique)|dans quel but|à quoi ser(?:t|vent)|pour quoi faire',
    'por qu[eé]|por qu[eé] raz[oó]n|por qu[eé] motivo|a qu[eé] se debe|para qué|con qué (?:fin|objetivo|propósito)',
    'perch[eé]|per quale (?:motivo|ragione|scopo)|come mai|a che scopo|a cosa serv(?:e|ono)',
    'porqu[eê]|por que|por que raz[aã]o|por que motivo|para quê|com que (?:objetivo|finalidade|fim)',
    'waarom|om welke reden|hoe komt het|waartoe|met welk doel',
    'dlaczego|czemu|z jakiego powodu|skąd się (?:wzi\\p{L}+)|po co|w jakim celu',
    // Romanian "de ce" is French "de ce" ("of this"): read only in a Romanian question (below).
    'proč|z jakého důvodu|varför|hvorfor|miksi|mink[äa] takia|din ce motiv|neden|niçin|niye|mi[eé]rt|per qu[eè]|per quin motiu',
  ].join('|'),
);

/**
 * "What caused it", "was hat … ausgelöst", "qu'est-ce qui a provoqué", "¿qué causó?", "co
 * spowodowało": "what" and a verb of causing anywhere in the question ask for a cause. In every
 * language read.
 */
const CAUSING_VERB = inflected([
  'caus*|trigger*|spark*|prompt*|led to|lead to|leads to',
  'ausgelöst|auslös*|löste*|verursach*|geführt|führte* zu',
  'caus*|provoqu*|entraîn*|déclench*',
  'caus*|provoc*|desencaden*|originó',
  'caus*|provoc*|scaten*',
  'caus*|provoc*|desencade*|originou',
  'veroorza*|leidde* tot|geleid tot|aanleiding',
  'spowodowa*|powodu*|wywoła*|doprowadzi*',
]);

const ASKS_REASON_ROMANIAN = askedWords('de ce');
const ASKS_QUANTITY_CATALAN = askedWords('quant');

/**
 * Words a question's "which" may come after (fewer than this many): "In which city", "¿En qué ciudad?", "Aus welchem Land
 * kam er?". Further on, "que", "che" and "which" join a clause ("… los suministros que recibió el
 * hospital"), and the noun after them is not what is asked.
 */
const WHICH_OPENS_WITHIN = 4;
function asksNear(pattern: RegExp, question: string): boolean {
  const match = pattern.exec(question);
  if (!match) return false;
  const before = question.slice(0, match.index).match(/\p{L}+/gu)?.length ?? 0;
  return before < WHICH_OPENS_WITHIN;
}

/**
 * The words that open a question, in each language ("what", "welche", "quel", "¿cuál?", Dutch "wie"),
 * but not those that also join clauses or mean "as" ("that", "que", "che", "come", "como"): a question
 * word after one of them ("when", "wie viel", "who", "where") is in a clause of the question, not what
 * it asks ("what should you do if it makes you queasy when taken before breakfast?", "Welche
 * Bibliothek misst, wie viel die Tests abdecken?", "where did the driver who crashed stop?").
 */
const OPENING_ASK = new ByLanguage({
  en: 'what|which|who|whom|whose|where|why',
  de: 'was|welche[mnrs]?|wer|wen|wem|wessen|wo|warum',
  fr: 'quoi|quel|quelle|quels|quelles|qui|où|pourquoi',
  es: 'qué|cuál|cuáles|quién|quiénes|dónde|por qué',
  it: 'cosa|quale|quali|chi|dove|perché',
  pt: 'qual|quais|quem|onde',
  nl: 'wat|welk|welke|wie|waar|waarom',
  pl: 'co|kto|gdzie|dlaczego|który|która|które|którzy|jaki|jaka|jakie',
});

/** "And" before a question word asks a second question ("in which version, and when?"). */
const AND_BEFORE = /(?:^|[\s,])(?:and|und|et|y|e|en|i|og|och|ja|ve|és)\s+$/u;

/**
 * Whether `pattern` matches the question before any other word that opens one (`OPENING_ASK`), or
 * after "and" as a second question.
 */
function asksFirst(pattern: RegExp, question: string, language: string | undefined): boolean {
  const match = pattern.exec(question);
  if (!match) return false;
  const before = question.slice(0, match.index);
  return !OPENING_ASK.test(before, language) || AND_BEFORE.test(before);
}

/**
 * The question words of languages written in other scripts: Russian, Ukrainian and Bulgarian, Greek,
 * Arabic and Korean as words (Korean's with the particles written onto them: "어디에", "누구의"), Chinese
 * and Japanese anywhere in the question, which they write without spaces. Checked in this order, as the
 * Latin-script ones are: a reason, a time of day, a quantity, a date, a person, a place.
 */
const OTHER_SCRIPTS: readonly (readonly [AnswerKind, RegExp])[] = [
  [
    'reason',
    askedWords(
      'почему|зачем|отчего|по какой причине|чому|навіщо|защо|γιατί|για ποιο λόγο|لماذا|ما سبب|왜|무엇 때문에|어째서',
    ),
  ],
  ['reason', /为什么|為什麼|为何|為何|なぜ|何故|どうして/u],
  ['hour', askedWords('во сколько|в котором часу|о котрій|в колко часа|τι ώρα|في أي ساعة|몇 시\\p{L}*')],
  ['hour', /几点|幾點|何時に|何時から|何時まで/u],
  // "몇 년도에" ("in what year") before "몇" ("how many").
  ['time', askedWords('몇 년도\\p{L}*|몇 월\\p{L}*|며칠\\p{L}*')],
  ['quantity', askedWords('сколько|скільки|колко|πόσ(?:ο|α|οι|ες|ος|η|ων)|كم|몇\\p{L}*|얼마\\p{L}*')],
  [
    'quantity',
    /多少|几个|幾個|几[个名位人年天次岁]|幾[個名位人年天次歲]|多大|多长|多長|多久|いくつ|いくら|何人|何個|何台|何回|何歳|どのくらい|どれくらい|どれほど/u,
  ],
  [
    'time',
    askedWords('когда|в каком году|какого числа|коли|в якому році|кога|πότε|متى|في أي عام|في أي سنة|언제'),
  ],
  [
    'time',
    /什么时候|什麼時候|何时|何時(?!に|から|まで)|哪年|哪一年|哪天|哪一天|几月|幾月|いつ(?!も)|何年|何月|何日/u,
  ],
  [
    'person',
    askedWords(
      'кто|кого|кому|кем|чей|чья|чьё|хто|ким|чий|чия|кой|коя|кои|ποιος|ποια|ποιοι|ποιον|من هو|من هي|من هم|من الذي|من الذى|누구\\p{L}*|누가',
    ),
  ],
  ['person', /谁|誰|哪位|だれ|どなた/u],
  [
    'place',
    askedWords(
      'где|куда|откуда|де|куди|звідки|къде|накъде|откъде|πού|από πού|أين|اين|إلى أين|من أين|어디\\p{L}*',
    ),
  ],
  ['place', /哪里|哪裡|哪儿|哪兒|在哪|何处|何處|何地|どこ/u],
];

/** The kind asked for by a question word of another script (`OTHER_SCRIPTS`), if one is there. */
function otherScriptKind(question: string): AnswerKind | undefined {
  // Latin letters, digits and signs alone: none of these words can be there.
  if (!/[^\p{Script=Latin}\P{L}]/u.test(question)) return undefined;
  return OTHER_SCRIPTS.find(([, pattern]) => pattern.test(question))?.[0];
}

/** The kind of answer the question asks for, if it says; `language` is the question's own. */
export function answerKind(asked: string, language?: string): AnswerKind | undefined {
  // Every pattern here is written lower-case and read without the `i` flag (`askedWords`).
  const question = asked.toLowerCase();
  const ofOtherScript = otherScriptKind(question);
  if (ofOtherScript) return ofOtherScript;
  // First: "why did prices rise?" asks for a reason, not for the rise.
  if (
    ASKS_REASON.test(question) ||
    (language === 'ro' && ASKS_REASON_ROMANIAN.test(question)) ||
    (ASKS_STATEMENT_WHAT.test(question) && CAUSING_VERB.test(question))
  )
    return 'reason';
  // "Um wie viel Uhr" asks for a time of day, not a quantity.
  if (ASKS_HOUR.test(question)) return 'hour';
  if (ASKS_WEIGHT.test(question)) return 'weight';
  if (
    asksFirst(ASKS_QUANTITY, question, language) ||
    // "Qué número de teléfono" asks for a telephone number, not a quantity.
    (ASKS_QUANTITY_NOUN.test(question) &&
      !ASKS_NAME_NOUN.test(question) &&
      !asksNear(ASKS_CONTACT, question)) ||
    (language === 'ca' && ASKS_QUANTITY_CATALAN.test(question))
  ) {
    // "Um wie viele Köpfe ist die Belegschaft gewachsen?": a count of things that grew, not a share.
    if (ASKS_SHARE.test(question, language) && (!ASKS_COUNT.test(question) || NAMES_PER_CENT.test(question)))
      return 'share';
    // "How long did he spend there", "en combien de temps touchent-ils l'argent": a time, not a sum.
    if (ASKS_DURATION.test(question)) return ASKS_LENGTH.test(question) ? 'length' : 'duration';
    if (ASKS_PART_OF.test(question)) return 'quantity';
    if (ASKS_MONEY.test(question, language) || ASKS_PRICE.test(question)) return 'money';
    if (ASKS_LENGTH.test(question)) return 'length';
    return 'quantity';
  }
  // "Jak długa jest rysa?", "how tall is the tower?" say no "how many": a length all the same.
  if (ASKS_LENGTH.test(question)) return 'length';
  if (ASKS_SINCE.test(question)) return 'since';
  if (asksFirst(ASKS_TIME, question, language)) return 'time';
  if (asksFirst(ASKS_LEADER, question, language)) return 'leader';
  if (
    asksFirst(ASKS_PERSON, question, language) ||
    ASKS_PERSON_QUI.test(question) ||
    (language === 'ro' && ASKS_PERSON_ROMANIAN.test(question)) ||
    ((language === undefined || language === 'pl' || language === 'tr') && ASKS_PERSON_KIM.test(question)) ||
    (language === 'nl' && ASKS_PERSON_DUTCH.test(question)) ||
    (language === 'hu' && ASKS_PERSON_HUNGARIAN.test(question))
  )
    return 'person';
  // Near the question's opening ("what is the web address", "¿a qué número de teléfono?"), not as its
  // subject ("which service warns you when your e-mail address leaks"); after "who" and "how many".
  if (asksNear(ASKS_CONTACT, question) || (asksNear(ASKS_ADDRESS, question) && REACHING_VERB.test(question)))
    return 'contact';
  if (ASKS_STATEMENT_FIRST.test(question)) return 'statement';
  const compounding = writesCompounds(language);
  if (asksNear(ASKS_PERSON_NOUN, question) || (compounding && asksNear(ASKS_PERSON_COMPOUND, question)))
    return 'person';
  if (
    asksFirst(ASKS_PLACE, question, language) ||
    asksNear(ASKS_PLACE_NOUN, question) ||
    (compounding && asksNear(ASKS_PLACE_COMPOUND, question)) ||
    (language !== undefined && ASKS_PLACE_IN[language]?.test(question))
  )
    return 'place';
  if (
    ASKS_NAMED.test(question) ||
    (language === 'ro' && ASKS_NAMED_ROMANIAN.test(question)) ||
    ASKS_NAME.test(question) ||
    ASKS_NAME_NOUN.test(question)
  )
    return 'named';
  if (ASKS_STATEMENT_WHAT.test(question) && STATEMENT_VERB.test(question)) return 'statement';
  // "What did the ticket cost?", "¿qué aumento pide?": a share or a sum without "how much".
  if (ASKS_SHARE.test(question, language)) return 'share';
  if (ASKS_MONEY.test(question, language)) return 'money';
  return undefined;
}
