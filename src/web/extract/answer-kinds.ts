// The shape of the answer a question asks for, and which passages hold an answer of that shape, in the
// languages the questions are asked in most (English, German, French, Spanish, Italian, Portuguese,
// Dutch, Polish; the question words also in Czech, Swedish, Danish, Norwegian, Finnish, Romanian,
// Turkish, Hungarian and Catalan). "How many", "¿cuántos?" and "ilu" ask for a quantity, and "three
// buses", "18 soldados" or "5,96%" are quantities where a year is not; "how heavy", "how far" and "how
// long" ask for one in a unit ("800 pounds", "12 km", "five years"); "what share" and "how much did it
// rise" ask for a percentage, "what did it cost" for a sum of money; "when" asks for a date, "who" and
// "which minister" for a person's name, "where" and "which country" for a place, "which newspaper" for
// a named thing, "why" for a reason, "what did she say" for a statement (a quotation, reported
// speech). A question asked in other words than its answer still says what kind of thing it wants, in
// every language: the ranking uses that as one more term of the question, weighted by how rare such
// answers are on the page.

export type AnswerKind =
  | 'quantity'
  | 'share'
  | 'money'
  | 'time'
  | 'person'
  | 'place'
  | 'named'
  | 'reason'
  | 'statement'
  | 'weight'
  | 'length'
  | 'duration';

/** Letters on neither side: `\b` only knows ASCII letters, and these words carry accents. */
const word = (alternatives: string): RegExp =>
  new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, 'iu');

const ASKS_QUANTITY = word(
  [
    // English ("what share", "quel prix", "qual è il numero": `ASKS_QUANTITY_NOUN`)
    'how (?:many|much|far|long|old|heavy|big|large|high|tall|often|expensive|fast|deep|wide|severe)',
    // German
    'wie ?viele?|wie (?:hoch|lange|alt|weit|schwer|gro(?:ß|ss)|teuer|schnell|oft|tief|breit|stark)|um wie ?viel',
    // French
    '(?:de )?combien',
    // Spanish
    'cu[aá]nt[oa]s?',
    // Italian
    'quant[oaie]|di quanto',
    // Portuguese
    'quant[oa]s?',
    // Dutch
    'hoeveel|hoe (?:lang|oud|ver|zwaar|duur|groot|hoog|vaak|snel)',
    // Polish
    'ile|ilu|jak (?:dużo|wiele|długo|daleko|często|wysok[io]|duż[oy])',
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
    'kdy|od kdy|v kterém roce|när|sedan när|hvornår|siden hvornår|når|siden når|milloin|mihin aikaan|c[âa]nd|de c[âa]nd|ne zaman|hangi (?:y[iı]l|tarih|g[uü]n)|mikor|mióta|quan|des de quan',
  ].join('|'),
);

const ASKS_PERSON = word(
  'who|whom|whose|wer|wem|wen|wessen|qui[eé]n(?:es)?|chi|quem|kto|kogo|komu|czyj[aey]?|kdo|koho|komu|kým|čí|vem|vems|hvem|kuka|kenen|kenet|ketkä|kime|kimi|kimin|kik|kinek',
);
/**
 * French and Catalan "qui" is "who" where it opens the question or a clause ("Qui a fondé… ?", "À qui
 * … ?", "…, qui a gagné ?") or ends it ("Il a remplacé qui ?"), but "which" or "that" after a noun
 * ("le projet qui a été voté").
 */
const ASKS_PERSON_QUI =
  /(?:^|[,;:]\s*)[\s¿¡"'«“„(]*(?:(?:à|a|de|pour|avec|par|chez|sur|contre|selon|envers|et|mais|per|amb) )?(?:d['’])?qui(?![\p{L}\p{N}])|(?<![\p{L}])qui\s*\?\s*$/iu;
/**
 * Romanian "cine" and "cui" ("who", "whose") are Spanish "cine" (cinema) and Italian "cui" ("which"),
 * Romanian "care" ("which") is English "care": read only in a Romanian question. (Danish "hvis" is
 * "whose" but far more often "if": not read.)
 */
const ASKS_PERSON_ROMANIAN = word('cine|cui');
const ASKS_NAMED_ROMANIAN = word('care');
/** Polish and Turkish "kim" is "who", but Kim is a name elsewhere: read where the question's language is one of those or unknown. */
const ASKS_PERSON_KIM = word('kim');
/** Hungarian "ki" is "who", but Slovene "ki" is "which" and "kit" is English: read only in a Hungarian question. */
const ASKS_PERSON_HUNGARIAN = word('ki|kit');
/** Dutch "wie" is "who"; German "wie" is "how": read only in a Dutch question. */
const ASKS_PERSON_DUTCH = word('wie');

const ASKS_PLACE = word(
  'where|from where|wo|woher|wohin|où|d.où|d[oó]nde|de d[oó]nde|a d[oó]nde|dove|da dove|onde|de onde|aonde|waar|waarvandaan|gdzie|skąd|dokąd|kde|odkud|varifrån|vart|hvor|hvorfra|hvorhen|missä|mistä|mihin|unde|de unde|nerede|nereden|nereye|hol|honnan|hová|hova|d.on',
);
/** Swedish "var" is "where" but also "was", Catalan "on" is "where" but English "on": their questions only. */
const ASKS_PLACE_IN: Record<string, RegExp> = {
  sv: word('var'),
  ca: word('on'),
  // Czech and Slovak "kam" is "where to", German "kam" is "came".
  cs: word('kam'),
  sk: word('kam'),
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
  'share|percentage|percent|portion|part|proportion|amount|quantity|number|figure|price|cost|rate|sum|total|toll|fraction|size|weight|value|level|position|rank|place|height|length|distance|population|count|score|temperature|age|duration|speed',
  'menge|anteil|teil|anzahl|zahl|prozentsatz|preis|kosten|betrag|summe|quote|rate|gesamtzahl|größe|grösse|gewicht|wert|niveau|stand|platz|rang|höhe|länge|entfernung|bevölkerung|ergebnis|temperatur|alter|dauer|geschwindigkeit',
  'part|quantité|proportion|pourcentage|nombre|chiffre|montant|prix|coût|taux|somme|total|taille|poids|valeur|niveau|position|rang|place|hauteur|longueur|distance|population|résultat|score|température|âge|durée|vitesse',
  'porcentaje|parte|proporci[oó]n|cantidad|n[uú]mero|cifra|precio|costo|coste|tasa|suma|monto|importe|total|tamaño|peso|valor|nivel|posici[oó]n|puesto|lugar|altura|longitud|distancia|poblaci[oó]n|resultado|temperatura|edad|duraci[oó]n|velocidad',
  'percentuale|quota|parte|proporzione|quantità|numero|cifra|prezzo|costo|tasso|somma|importo|totale|dimensione|peso|valore|livello|posizione|altezza|lunghezza|distanza|popolazione|risultato|temperatura|età|durata|velocità',
  'percentagem|porcentagem|parte|parcela|propor[cç][aã]o|quantidade|quantia|n[uú]mero|cifra|pre[cç]o|custo|taxa|soma|montante|total|tamanho|peso|valor|n[ií]vel|posi[cç][aã]o|altura|comprimento|dist[aâ]ncia|popula[cç][aã]o|resultado|temperatura|idade|dura[cç][aã]o|velocidade',
  'percentage|aandeel|deel|hoeveelheid|aantal|getal|bedrag|prijs|kosten|tarief|som|totaal|omvang|grootte|gewicht|waarde|niveau|positie|plaats|hoogte|lengte|afstand|bevolking|resultaat|temperatuur|leeftijd|duur|snelheid',
  'procent\\p{L}*|odset\\p{L}*|udzia\\p{L}*|częś\\p{L}*|ilo[sś]\\p{L}*|liczb\\p{L}*|kwot\\p{L}*|cen[aęy]|koszt\\p{L}*|wskaźnik\\p{L}*|stop[aęy]|sum[aęy]|warto[sś]\\p{L}*|wielko[sś]\\p{L}*|wag[aęi]|poziom\\p{L}*|pozycj\\p{L}*|miejsc[eau]|wysoko[sś]\\p{L}*|długo[sś]\\p{L}*|odległo[sś]\\p{L}*|ludno[sś]\\p{L}*|wynik\\p{L}*|temperatur\\p{L}*|wiek|czas trwania',
].join('|');
/** "Is", "was" and the articles between "which" and its noun: "what is the share", "quel est le prix", "jaka jest cena". */
const COPULAS =
  'is|was|are|were|ist|war|sind|waren|est|était|sont|étaient|es|era|fue|son|eran|fueron|è|sono|erano|é|foi|são|eram|zijn|jest|był|była|było|są|były|je|byl|byla|är|er|var|on|oli|este|a fost';
const ARTICLES = "the|der|die|das|den|dem|des|le|la|les|l'|l’|el|los|las|il|lo|gli|i|o|a|os|as|de|het|een";
/** Dutch "wat" ("what"): no other language read writes it (German "was" is English "was"). */
const ASKS_QUANTITY_NOUN = word(
  `(?:${WHICH}|wat)(?: (?:${COPULAS}))?(?: (?:${ARTICLES}))?(?: [\\p{L}-]+)? (?:${QUANTITY_NOUNS})`,
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
/**
 * Words between "which" and its noun ("which two small states"), but no verb: "what did the mayor say"
 * asks for what was said, not for the mayor.
 */
const AUXILIARIES =
  'did|does|do|is|was|are|were|has|have|had|will|would|can|could|should|ist|war|hat|hatte|wird|sind|haben|est|ont|sont|était|es|fue|ha|han|era|è|é|foi|tem|heeft|jest|był|była|było';
const BETWEEN_WHICH_AND_NOUN = `(?: (?!(?:${AUXILIARIES})(?![\\p{L}]))[\\p{L}-]+){0,2}`;
const ASKS_PLACE_NOUN = word(`(?:${WHICH})${BETWEEN_WHICH_AND_NOUN} (?:${PLACE_NOUNS})`);

/**
 * Nouns for people by role: "which leader", "qué dirigente", "welcher Politiker", "który minister"
 * ask for a person's name, as "who" does.
 */
const PERSON_NOUNS = [
  'leaders?|presidents?|ministers?|mayors?|reporters?|journalists?|authors?|writers?|actors?|actress(?:es)?|players?|coach(?:es)?|managers?|founders?|owners?|billionaires?|politicians?|officials?|spokes(?:man|woman|person)|chairman|chairwoman|chief|executives?|ceo|director|directors|artists?|singers?|scientists?|researchers?|experts?|professors?|doctors?|lawyers?|judges?|candidates?|members?|persons?|people|man|woman|men|women',
  'politiker(?:in)?|präsident(?:in)?|minister(?:in)?|bürgermeister(?:in)?|reporter(?:in)?|journalist(?:in)?|autor(?:in)?|schauspieler(?:in)?|spieler(?:in)?|trainer(?:in)?|chef(?:in)?|gründer(?:in)?|besitzer(?:in)?|sprecher(?:in)?|vorsitzende[rn]?|direktor(?:in)?|künstler(?:in)?|sänger(?:in)?|wissenschaftler(?:in)?|forscher(?:in)?|experte|expertin|professor(?:in)?|arzt|ärztin|anwalt|anwältin|richter(?:in)?|kandidat(?:in)?|person|mann|frau',
  'dirigeant(?:e)?s?|président(?:e)?s?|ministres?|maires?|reporters?|journalistes?|auteur(?:e)?s?|écrivain(?:e)?s?|acteurs?|actrices?|joueu(?:r|se)s?|entraîneu(?:r|se)s?|patron(?:ne)?s?|fondat(?:eur|rice)s?|propriétaires?|porte-parole|directeu(?:r|rice)s?|artistes?|chanteu(?:r|se)s?|chercheu(?:r|se)s?|scientifiques?|experts?|professeurs?|médecins?|avocat(?:e)?s?|juges?|candidat(?:e)?s?|personnes?|homme|femme',
  'dirigentes?|president[ea]s?|ministr[oa]s?|alcaldes?|alcaldesa|intendentes?|edil(?:es)?|concejal(?:es)?|periodistas?|reporter[oa]s?|autor(?:a|es)?|escritor(?:a|es)?|actor(?:es)?|actriz|jugador(?:a|es)?|entrenador(?:a|es)?|técnicos?|fundador(?:a|es)?|dueñ[oa]s?|portavoz|vocero|director(?:a|es)?|artistas?|cantantes?|científic[oa]s?|investigador(?:a|es)?|expert[oa]s?|profesor(?:a|es)?|médic[oa]s?|abogad[oa]s?|juez|jueces|candidat[oa]s?|legislador(?:a|es)?|diputad[oa]s?|senador(?:a|es)?|funcionari[oa]s?|persona|hombre|mujer',
  'giornalist[ai]|president[ei]|ministr[oi]|sindac[oi]|autor[ei]|scrittor[ei]|attor[ei]|attrice|giocator[ei]|allenator[ei]|fondator[ei]|proprietari[oa]?|portavoce|dirett(?:ore|ori|rice)|artist[ai]|cantant[ei]|scienziat[oi]|ricercator[ei]|espert[oi]|professor[ei]|medic[oi]|avvocat[oi]|giudic[ei]|candidat[oi]|uomo|donna',
  'repórter(?:es)?|jornalistas?|presidentes?|ministr[oa]s?|prefeit[oa]s?|autor(?:a|es)?|escritor(?:a|es)?|ator(?:es)?|atriz|jogador(?:a|es)?|treinador(?:a|es)?|técnicos?|fundador(?:a|es)?|don[oa]s?|porta-voz|diretor(?:a|es)?|artistas?|cantor(?:a|es)?|cientistas?|pesquisador(?:a|es)?|especialistas?|professor(?:a|es)?|médic[oa]s?|advogad[oa]s?|juíz(?:a)?|candidat[oa]s?|deputad[oa]s?|senador(?:a|es)?|pessoa|homem|mulher',
  'politicus|president|minister|burgemeester|verslaggever|journalist|auteur|schrijver|acteur|actrice|speler|trainer|oprichter|eigenaar|woordvoerder|directeur|kunstenaar|zanger(?:es)?|wetenschapper|onderzoeker|deskundige|hoogleraar|arts|advocaat|rechter|kandidaat|persoon|man|vrouw',
  'polityk\\p{L}*|prezydent\\p{L}*|minist\\p{L}*|burmistrz\\p{L}*|reporter\\p{L}*|dziennikar\\p{L}*|autor\\p{L}*|pisar\\p{L}*|aktor\\p{L}*|piłkarz\\p{L}*|zawodni\\p{L}*|trener\\p{L}*|założyciel\\p{L}*|właściciel\\p{L}*|rzeczni\\p{L}*|dyrektor\\p{L}*|prezes\\p{L}*|artyst\\p{L}*|naukow\\p{L}*|badacz\\p{L}*|ekspert\\p{L}*|profesor\\p{L}*|lekarz\\p{L}*|prawni\\p{L}*|sędzi\\p{L}*|kandydat\\p{L}*|posł\\p{L}*|osob\\p{L}*',
].join('|');
const ASKS_PERSON_NOUN = word(`(?:${WHICH})${BETWEEN_WHICH_AND_NOUN} (?:${PERSON_NOUNS})`);

/** "Which newspaper", "quel journal", "welches Land": a named thing. */
const ASKS_NAMED = word(
  'which|quel(?:le)?s?|welche[rsmn]?|cu[aá]l(?:es)?|quale?|quali|qual|quais|welke?|któr[yaeg]\\p{L}*|kter\\p{L}+|vilk\\p{L}+|hvilk\\p{L}+|kumpi|hangi|melyik|quin|quina|quins|quines',
);

/**
 * "What is it called", "wie heißt", "comment s'appelle", "¿cómo se llama?", "jak się nazywa": asks for a
 * name. In every language read (Norwegian "het" is Dutch "the": left out).
 */
const ASKS_NAME = word(
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
const ASKS_STATEMENT_WHAT = new RegExp(`(?<![\\p{L}])(?:(?:${WHAT})(?![\\p{L}])|qu['’])`, 'iu');
const STATEMENT_VERB = word(STATEMENT_VERBS);
/**
 * "What" right before the verb of saying (an auxiliary between at most): "¿qué dijo la alcaldesa?",
 * "was sagte die Ministerin", "qu'a déclaré le maire", "cosa ha detto il sindaco" ask for what was
 * said, before the role named after the verb makes them look like "which mayor".
 */
const ASKS_STATEMENT_FIRST = new RegExp(
  `(?<![\\p{L}])(?:(?:${WHAT})(?: (?:${AUXILIARIES}))?|qu['’](?:a|ont|avait|avaient)(?:-t-(?:il|elle|on)|-(?:ils|elles))?) (?:${STATEMENT_VERBS})(?![\\p{L}])`,
  'iu',
);

/**
 * A quantity asked for in a unit of weight, length or time ("how heavy", "what does it weigh", "how
 * far", "how long did it take", "how old", "how many years"), in the eight languages read: answered by
 * a number with such a unit, which few of a page's numbers have.
 */
const ASKS_WEIGHT = word(
  [
    'how heavy|weigh|weighs|weighed|(?:what|which) (?:is|was) (?:the|its) weight',
    'wie schwer|wiegt|wiegen|wog|wogen|welches gewicht',
    'quel poids|pèse|pèsent|pesait|pesaient',
    'qu[eé] peso|cu[aá]nto pesa\\p{L}*|pesa|pesan|pesaba|pesó|pesaron',
    'quanto pesa\\p{L}*|che peso|pesano|pesava',
    'qual (?:é )?o peso|pesou|pesam',
    'hoe zwaar|weegt|wegen|woog|welk gewicht',
    'ile waż\\p{L}*|waży|ważą|ważył\\p{L}*|jak ciężk\\p{L}*',
  ].join('|'),
);
const ASKS_LENGTH = word(
  [
    'how (?:far|tall|deep|wide|long (?:is|was|are|were))|(?:what|which) (?:is|was) (?:the|its) (?:length|distance|height|depth|width)',
    'wie (?:weit|tief|breit|lang (?:ist|war|sind|waren))|welche (?:länge|entfernung|tiefe|breite)',
    'à quelle distance|quelle (?:distance|longueur|profondeur|largeur)',
    'a qu[eé] distancia|qu[eé] (?:distancia|longitud|profundidad|anchura)|cu[aá]nto mide\\p{L}*',
    'a che distanza|quanto (?:è|e) (?:lung[oa]|distante|profond[oa]|larg[oa])|quanto misura\\p{L}*',
    'a que dist[aâ]ncia|qual (?:é )?(?:a )?(?:dist[aâ]ncia|comprimento|profundidade|largura)|quanto mede\\p{L}*',
    'hoe (?:ver|diep|breed|lang is|lang was)|welke (?:afstand|lengte|diepte|breedte)',
    'jak (?:daleko|głęboko|szerok\\p{L}*|dług\\p{L}* jest)|jaka (?:jest )?(?:odległość|długość|głębokość|szerokość)',
  ].join('|'),
);
const ASKS_DURATION = word(
  [
    'how long|how old|(?:how many|for how many) (?:years|months|weeks|days|hours|minutes|decades)',
    'wie lange|wie alt|wie viele (?:jahre|monate|wochen|tage|stunden|minuten|jahrzehnte)',
    'combien de (?:temps|ann[eé]es|ans|mois|semaines|jours|heures|minutes)|quel [aâ]ge|depuis combien',
    'cu[aá]nto tiempo|cu[aá]ntos (?:años|meses|días|horas|minutos)|cu[aá]ntas (?:semanas|horas|décadas)|qu[eé] edad|cu[aá]nto dur\\p{L}*',
    'quanto tempo|quant[ie] (?:anni|mesi|giorni|ore|minuti|settimane)|quanto dur\\p{L}*|che età|quanti anni ha',
    'quanto tempo|quant[oa]s (?:anos|meses|dias|horas|minutos|semanas)|quanto dur\\p{L}*|que idade',
    'hoe lang|hoe oud|hoeveel (?:jaar|jaren|maanden|weken|dagen|uur|uren|minuten)',
    'jak długo|ile (?:lat|miesięcy|tygodni|dni|godzin|minut)|ile trwa\\p{L}*|ile trwał\\p{L}*|ile ma lat|w jakim wieku',
  ].join('|'),
);

/** Whole words; an alternative ending in `*` takes any ending (the verbs and nouns asked with are inflected). */
const inflected = (alternatives: readonly string[]): RegExp =>
  word(alternatives.join('|').replace(/\*/g, '\\p{L}*'));

/**
 * A quantity asked about as a share of something ("what percentage", "welcher Anteil", "quel taux")
 * or as a change ("how much did prices rise", "¿cuánto subieron?", "o ile wzrosły"): answered by a
 * percentage, which pages write with "%" or a word for it. In every language read.
 */
const ASKS_SHARE = inflected([
  'percent*|per cent|share|proportion*|fraction|rate|rise|rises|risen|rose|increas*|grow*|grew|fell|fall|falls|fallen|drop*|declin*|decreas*|jump*|climb*|raise*|cut|reduc*',
  'prozent*|anteil*|quote|steig*|stieg*|gestieg*|anstieg*|zugenommen|zunehm*|nahm* zu|wachs*|gewachs*|sink*|sank*|gesunken|gefallen|rückgang*|erhöh*|senk*',
  'pourcentage*|pour ?cent|quelle part|taux|augment*|hausse*|baiss*|croissance|progress*|recul*|chut*|diminu*|grimp*',
  'porcentaje*|por ?ciento|proporci*|tasa*|subi*|suba*|aument*|crec*|baj[oó]|bajaron|bajado|cay[oó]|cayeron|ca[ií]da*|descen*|increment*|alza*|reducci*',
  'percentual*|per ?cento|quota|tass[oi]|crescit*|cresc*|calat*|calo|sces[oaie]|salit[oaie]|rialz*|ribass*|riduzion*',
  'percentagem|porcentagem|por ?cento|taxa*|parcela*|subiu|subiram|aumentou|aumentaram|cresceu|caiu|queda*|redu[cç]*',
  'percentage*|procent*|aandeel|stijg*|steeg|gestegen|toename|toegenomen|groei*|gegroeid|dalen|daalde*|gedaald|daling',
  'procent*|odset*|udzia*|wzr[oó]s*|wzrost*|spad*|zwi[eę]ksz*|zmniejsz*|podwy[zż]k*|obni[zż]*',
  // Czech, Swedish, Danish and Norwegian, Finnish, Romanian, Turkish, Hungarian, Catalan.
  'procent*|pod[ií]l*|vzr[uů]st*|pokles*|andel*|ökn*|minsk[ae]*|steg|stig*|prosent*|osuu*|kasv*|lask*|procentu*|cre[sș]t*|sc[aă]der*|y[uü]zde*|oran[ıi]?|art[iı][sş]*|sz[aá]zal[eé]k*|ar[aá]ny*|n[oö]veked*|cs[oö]kken*|percentatge*',
]);

/**
 * A quantity asked about as money ("what did it cost", "quel budget", "jaka kara"): answered by a sum
 * with its currency. In every language read.
 */
const ASKS_MONEY = inflected([
  'price*|cost*|pay*|paid|charg*|budget*|salar(?:y|ies)|wage*|fees?|fares?|fine|fines|fined|spend*|spent|earn*|revenue*|income*|worth|money|fund|funds|funding|invest*|sums?|amount*|tax|taxes',
  'preis*|kost*|bezahl*|zahlt*|gezahlt|gehalt*|lohn*|etat*|geb[uü]hr*|strafe*|bu[sß]geld*|umsatz*|einnahm*|verdien*|ausgab*|geld|gelder|geldes|betrag*|summe*|steuer*',
  'prix|co[uû]t*|pay[eé]*|paie*|budget*|salaire*|frais|tarif*|amende*|d[eé]pens*|recette*|gagn*|argent|montant*|somme*|imp[oô]t*',
  'precio*|costo*|coste*|cuesta*|pag[oó]|pagar*|pagaron|pagado*|presupuest*|sueldo*|salarios?|tarifa*|multa*|gast[oó]|gastar*|gastaron|gastos?|ingreso*|dinero*|monto*|importe*|suma*|impuest*',
  'prezz*|cost[oa]*|pagat*|pagare|bilanci*|stipendi*|salari[oi]|tariff*|multa*|spes[aeio]|ricav*|guadagn*|soldi|denaro|importo*|somma*|tasse',
  'pre[cç]o*|custo*|custa*|pago*|pagou|pagar*|pagaram|or[cç]amento*|sal[aá]rio*|tarifa*|multa*|gastou|gastar*|gastos?|receita*|ganh*|dinheiro*|quantia*|imposto*',
  'prijs*|prijz*|kost*|betaal*|betaald|budget*|salaris*|loon|lonen|tarief*|boete*|uitgegeven|uitgave*|omzet*|verdien*|geld|bedrag*|belasting*',
  'cen[aęy]|cenie|koszt*|p[lł]ac*|zap[lł]ac*|bud[zż]et*|pensj*|wynagrodz*|op[lł]at*|kar[aęy]|grzywn*|wyda[lł]*|przych[oó]d*|zarob*|pieni[aą]dz*|kwot*|podat*',
  // Czech, Swedish, Danish and Norwegian, Finnish, Romanian, Turkish, Hungarian, Catalan.
  'cen[auy]|n[aá]klad*|zaplat*|pokut*|kostn*|betal*|l[oö]n|l[oö]nen|avgift*|b[oö]ter|hinta*|maks*|palk*|sakko*|pre[tț]ul*|costul*|salariu*|fiyat*|maliyet*|[uü]cret*|maa[sş]*|ceza*|k[oö]lts[eé]g*|fizet*|b[ií]rs[aá]g*|preu|sou|multa*',
]);

/** "Why", "warum", "pourquoi", "dlaczego"...: asks for a reason. */
const ASKS_REASON = word(
  [
    'why|how come|for what reason|what (?:caused|led to|made)',
    'warum|weshalb|wieso|weswegen|aus welchem grund|wodurch',
    'pourquoi|pour quelle raison|qu.est-ce qui (?:a causé|explique)',
    'por qu[eé]|por qu[eé] raz[oó]n|por qu[eé] motivo|a qu[eé] se debe',
    'perch[eé]|per quale (?:motivo|ragione)|come mai',
    'porqu[eê]|por que|por que raz[aã]o|por que motivo',
    'waarom|om welke reden|hoe komt het',
    'dlaczego|czemu|z jakiego powodu|skąd się (?:wzi\\p{L}+)',
    // Romanian "de ce" is French "de ce" ("of this"): read only in a Romanian question (below).
    'proč|z jakého důvodu|varför|hvorfor|miksi|mink[äa] takia|din ce motiv|neden|niçin|niye|mi[eé]rt|per qu[eè]|per quin motiu',
  ].join('|'),
);

const ASKS_REASON_ROMANIAN = word('de ce');
const ASKS_QUANTITY_CATALAN = word('quant');

/** The kind of answer the question asks for, if it says; `language` is the question's own. */
export function answerKind(question: string, language?: string): AnswerKind | undefined {
  // First: "why did prices rise?" asks for a reason, not for the rise.
  if (ASKS_REASON.test(question) || (language === 'ro' && ASKS_REASON_ROMANIAN.test(question)))
    return 'reason';
  if (ASKS_WEIGHT.test(question)) return 'weight';
  if (
    ASKS_QUANTITY.test(question) ||
    ASKS_QUANTITY_NOUN.test(question) ||
    (language === 'ca' && ASKS_QUANTITY_CATALAN.test(question))
  ) {
    if (ASKS_SHARE.test(question)) return 'share';
    if (ASKS_MONEY.test(question)) return 'money';
    if (ASKS_LENGTH.test(question)) return 'length';
    if (ASKS_DURATION.test(question)) return 'duration';
    return 'quantity';
  }
  if (ASKS_TIME.test(question)) return 'time';
  if (
    ASKS_PERSON.test(question) ||
    ASKS_PERSON_QUI.test(question) ||
    (language === 'ro' && ASKS_PERSON_ROMANIAN.test(question)) ||
    ((language === undefined || language === 'pl' || language === 'tr') && ASKS_PERSON_KIM.test(question)) ||
    (language === 'nl' && ASKS_PERSON_DUTCH.test(question)) ||
    (language === 'hu' && ASKS_PERSON_HUNGARIAN.test(question))
  )
    return 'person';
  if (ASKS_STATEMENT_FIRST.test(question)) return 'statement';
  if (ASKS_PERSON_NOUN.test(question)) return 'person';
  if (
    ASKS_PLACE.test(question) ||
    ASKS_PLACE_NOUN.test(question) ||
    (language !== undefined && ASKS_PLACE_IN[language]?.test(question))
  )
    return 'place';
  if (
    ASKS_NAMED.test(question) ||
    (language === 'ro' && ASKS_NAMED_ROMANIAN.test(question)) ||
    ASKS_NAME.test(question)
  )
    return 'named';
  if (ASKS_STATEMENT_WHAT.test(question) && STATEMENT_VERB.test(question)) return 'statement';
  // "What did the ticket cost?", "¿qué aumento pide?": a share or a sum without "how much".
  if (ASKS_SHARE.test(question)) return 'share';
  if (ASKS_MONEY.test(question)) return 'money';
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
    // Written out: "three buses".
    `(?<![\\p{L}])(?:${NUMBER_WORDS})(?![\\p{L}])`,
  ].join('|'),
  'iu',
);

const HOLDS_TIME = new RegExp(
  [
    `(?<![\\p{N}.,])(?<!${SPACED_LETTER})${YEAR}`,
    `(?<![\\p{N}])\\d{1,4}\\s?${EAST_ASIAN_DATE}`,
    '(?<![\\p{N}])\\d{1,2}[./]\\d{1,2}[./](?:\\d{2,4})?',
    `(?<![\\p{N}])\\d{1,2}\\.?(?:er|º)?\\s?(?:de )?(?:${MONTHS})(?![\\p{L}])`,
    `(?<![\\p{L}])(?:${MONTHS})\\.? \\d{1,2}(?!\\d)`,
    `(?<![\\p{L}])(?:${WEEKDAYS})(?![\\p{L}])`,
  ].join('|'),
  'iu',
);

/** A capitalised word after a lower-case one, a digit or a comma: not a sentence's first word. */
const CAPITALISED = "\\p{Lu}[\\p{Ll}'’\\-]+";
/** Two capitalised words in a row, mid-sentence: "Christian Hanisch", "Irme Stetter-Karp". */
const HOLDS_PERSON = new RegExp(
  `(?:[\\p{Ll}\\p{N},;:)]|\\p{Ll} [–—]) ${CAPITALISED}[ \\u00a0]${CAPITALISED}`,
  'u',
);
/**
 * Words that introduce examples of a kind of place ("countries such as Sweden", "des pays comme la
 * Suède", "países como Chile"), in the eight languages read.
 */
const PLACE_EXAMPLES =
  'like|such as|including|wie|etwa|comme|tels? que|como|come|quali|zoals|jak|takich jak|m\\.in\\.';
/** The articles a place's name may take after its preposition: "in the Netherlands", "dans la Somme", "en el País Vasco". */
const PLACE_ARTICLES = "the|der|die|das|dem|den|la|le|les|l'|l’|el|los|las|il|lo|gli|o|a|os|as|het|de";
/**
 * A capitalised word after a preposition of place, or after a word introducing examples, with or
 * without an article: "in Braunschweig", "z Norwegii", "à Paris", "in the Netherlands", "comme la Suède".
 */
const HOLDS_PLACE = new RegExp(
  `(?<![\\p{L}])(?:in|at|from|near|to|im|aus|nach|bei|à|au|aux|en|de|dans|près de|desde|hacia|cerca de|a|da|di|em|no|na|do|uit|naar|bij|w|we|z|ze|do|przez|pod|${PLACE_EXAMPLES}) (?:(?:${PLACE_ARTICLES}) |[lL]['’])?${CAPITALISED}`,
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
  `(?<![\\p{L}])(?!(?:${GERMAN_DETERMINERS}) )\\p{L}*[\\p{Ll}\\p{N},;:)] ${CAPITALISED}[ \\u00a0]${CAPITALISED}`,
  'u',
);

const HOLDS_NAMED = new RegExp(`[\\p{Ll}\\p{N},;:)] ${CAPITALISED}`, 'u');

/** A percentage: "22%", "6,4 proc.", "60 por ciento", "%22" (Turkish), "yüzde 22". */
const HOLDS_SHARE = new RegExp(
  '\\d\\s?(?:%|‰)|%\\s?\\d|(?<![\\p{L}])y[uü]zde \\d|\\d\\s?(?:percent|per cent|prozent|pour ?cent|por ?ciento|per ?cento|por ?cento|procent\\p{L}*|proc\\.?|prosent|prosenttia?|procenta?|la sut[aă]|sz[aá]zal[eé]k\\p{L}*)(?![\\p{L}])',
  'iu',
);

/** Currency signs and names in the languages read, and ISO codes ("PLN 40"), next to a number. */
const CURRENCY =
  '[$€£¥₹₽₺₩₪]|zł|kč|ft|kr|lei|chf|usd|eur|gbp|pln|czk|sek|nok|dkk|huf|ron|try|jpy|cny|euros?|dollars?|dólar(?:es)?|dollari|d[oó]lares|pounds?|sterling|francs?|francos?|franchi|pesos?|reais|real|złotych|złote|złoty|korun|koruna|kron(?:or|a|er|e)?|forint|lir[ae]|yen|yuan|rupees?|rub(?:el|le)s?|rubli|万?[元円圓块塊]|ドル|美元|欧元|歐元|港元|日元|人民[币幣]';
const HOLDS_MONEY = new RegExp(
  `(?<!${SPACED_LETTER})(?:${CURRENCY})\\s?\\d|\\d(?:[.,\\s]\\d+)*\\s?(?:(?:mil|mln|mld|mio|mrd|tys|k|m|bn|million\\p{L}*|billion\\p{L}*|milliard\\p{L}*|miliard\\p{L}*|mill[oó]n\\p{L}*|milhões|milh[aã]o|milion\\p{L}*|tausend|thousand)\\.?\\s)?(?:de )?(?:${CURRENCY})(?!${SPACED_LETTER})`,
  'iu',
);

/**
 * Words that give a reason or a cause, by language: "because", "due to", "weil", "parce que",
 * "debido a", "perché", "omdat", "ponieważ"... Read in the page's language, since several are other
 * words elsewhere (German "da", French "car", Polish "bo", Dutch "want").
 */
const REASON_WORDS: Record<string, string> = {
  en: "because|as a result|due to|owing to|thanks to|caused by|so that|therefore|that is why|that's why|the reason|reasons?|in order to|hence|consequently|led to|leads to|result of",
  de: 'weil|denn|da|wegen|aufgrund|auf grund|deshalb|daher|darum|deswegen|infolge|grund|gründe|damit|um zu|führte zu|liegt an|dank',
  fr: "parce que|parce qu|car|grâce à|à cause de|en raison de|dû à|due à|puisque|donc|c'est pourquoi|c’est pourquoi|raisons?|afin de|pour que|en effet|a entraîné|a provoqué",
  es: 'porque|debido a|ya que|puesto que|a causa de|gracias a|por eso|por lo tanto|razón|razones|motivos?|para que|dado que|provocó|causa',
  it: 'perché|poiché|dato che|a causa di|grazie a|dovuto a|per questo|quindi|motivo|motivi|ragione|ragioni|affinché|siccome|causa',
  pt: 'porque|pois|devido a|já que|por causa de|graças a|por isso|razão|razões|motivos?|para que|uma vez que|causa',
  nl: 'omdat|doordat|want|vanwege|daarom|dankzij|reden|redenen|oorzaak|zodat|waardoor|als gevolg van',
  pl: 'ponieważ|bo|gdyż|dlatego|z powodu|dzięki|powód|powodu|przyczyn\\p{L}*|aby|żeby|w wyniku|skutkiem',
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
    pattern = word(alternatives);
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
  'km|kilomet(?:er|re)s?|kilomètres?|kilómetros?|chilometri|quil[oô]metros?|kilometr(?:ów|y)?|m|met(?:er|re)s?|mètres?|metros?|metri|metr(?:ów|y)?|cm|mm|centimet(?:er|re)s?|centimètres?|centímetros?|centimetri|miles?|meilen?|milles?|millas?|miglia|milhas?|mijl|feet|foot|ft|fu(?:ß|ss)|pieds?|pies|piedi|pés|st[óo]p|inch(?:es)?|zoll|pouces?|pulgadas?|pollici|polegadas?|cali|yards?|yd';
const TIME_UNITS =
  'years?|yrs?|months?|weeks?|days?|hours?|hrs?|minutes?|mins?|seconds?|decades?|centur(?:y|ies)|jahre?n?|monate?n?|wochen?|tage?n?|stunden?|minuten?|sekunden?|jahrzehnte?n?|jahrhunderte?n?|ans?|ann[ée]es?|mois|semaines?|jours?|heures?|secondes?|d[ée]cennies?|si[èe]cles?|años?|meses|semanas?|d[ií]as?|horas?|minutos?|segundos?|d[ée]cadas?|siglos?|anni|anno|mesi|mese|settimane?|giorni|giorno|ore|ora|minuti|secondi|decenni|secoli|anos?|dias?|s[ée]culos?|jaar|jaren|maanden?|weken?|dagen?|uur|uren|seconden|decennia|eeuwen?|lat|lata|rok|roku|miesi[ąę]c\\p{L}*|tygodni\\p{L}*|dni|dzie[ńn]|godzin\\p{L}*|minut[y]?|sekund[y]?|dekad\\p{L}*';
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

const HOLDING: Record<Exclude<AnswerKind, 'reason'>, RegExp> = {
  weight: HOLDS_WEIGHT,
  length: HOLDS_LENGTH,
  duration: HOLDS_DURATION,
  statement: HOLDS_STATEMENT,
  quantity: HOLDS_QUANTITY,
  share: HOLDS_SHARE,
  money: HOLDS_MONEY,
  time: HOLDS_TIME,
  person: HOLDS_PERSON,
  place: HOLDS_PLACE,
  named: HOLDS_NAMED,
};

/** The kinds asked in a unit; where no passage has a number in that unit, any quantity answers. */
const MEASURES: ReadonlySet<AnswerKind> = new Set(['weight', 'length', 'duration']);

/**
 * For each text, whether it holds an answer of that kind; `language` is the texts' own. A quantity
 * asked in a unit no text writes ("how far" on a page giving no distance) is answered by any quantity.
 */
export function textsHolding(texts: readonly string[], kind: AnswerKind, language?: string): boolean[] {
  const holding = texts.map((text) => holdsKind(text, kind, language));
  if (!MEASURES.has(kind) || holding.some(Boolean)) return holding;
  return texts.map((text) => holdsKind(text, 'quantity', language));
}

/** Whether the text holds an answer of that kind; `language` is the text's own, where known. */
export function holdsKind(text: string, kind: AnswerKind, language?: string): boolean {
  if (kind === 'reason') return reasonPattern(language).test(text);
  if (kind === 'person' && language === 'de') return HOLDS_PERSON_GERMAN.test(text);
  return HOLDING[kind].test(text);
}
