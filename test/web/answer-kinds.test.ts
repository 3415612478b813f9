// The kind of answer a question asks for, and which passages hold one, on made-up sentences in the
// languages the question filter reads most; then the ranking with it, where no word is shared.
import { describe, expect, it } from 'vitest';
import { answerKind } from '../../src/web/extract/answer-kinds.ts';
import { holdsKind, textsHolding } from '../../src/web/extract/answer-holding.ts';
import {
  buildPassages,
  buildSentencePassages,
  rankPassages,
  scorePassages,
  type Passage,
} from '../../src/web/extract/question-filter.ts';

describe('answerKind: what a question asks for, in its own language', () => {
  it.each([
    ['How heavy was the crate?', 'weight'],
    ['What was the average size of the crowd?', 'quantity'],
    ['Wie viele Gäste kamen?', 'quantity'],
    ['Combien de salariés compte la coopérative ?', 'quantity'],
    ['¿Cuántos autobuses llegaron?', 'quantity'],
    ['Di quanto è salita la tariffa?', 'share'],
    ['Quantos barcos partiram?', 'quantity'],
    ['Hoeveel fietsen zijn er?', 'quantity'],
    ['Ilu uczniów zdało egzamin?', 'quantity'],
    ['À quelle position figure le club ?', 'quantity'],
    ['When did the bridge open?', 'time'],
    ['Ab wann gilt die Regel?', 'time'],
    ['Kiedy otwarto most?', 'time'],
    ['Wanneer begon de bouw?', 'time'],
    ['Who founded the bakery?', 'person'],
    ['¿A quién entrevistó la radio?', 'person'],
    ['Wie heeft de bakkerij opgericht?', 'person'],
    ['Where does the ferry dock?', 'place'],
    ['¿Adónde viaja el ferri?', 'place'],
    ['Wiens boot ligt in de haven?', 'person'],
    ['Skąd przypłynął statek?', 'place'],
    ['Quel journal a révélé l’affaire ?', 'named'],
    ['Which company built the engine?', 'named'],
    // A way to reach someone: by its noun, or a bare "address" beside a verb of reaching.
    ['What address do interested affiliates contact to take part?', 'contact'],
    ['An welche E-Mail-Adresse kann man sich wenden?', 'contact'],
    ['¿A qué número de teléfono hay que llamar?', 'contact'],
    ["Quelle est l'adresse du site de la mairie ?", 'contact'],
    ['What is the URL of the dashboard?', 'contact'],
    // "The name of" asks for a name, as "called" does.
    ['What is the name of the system of three equations?', 'named'],
    ['Quel est le nom du chien ?', 'named'],
    ['Wie ist der Name des Hundes?', 'named'],
    // Spanish "nombre" is a name where French "nombre" is a number.
    ['¿Cuál es el nombre del perro?', 'named'],
    ['Quel est le nombre de morts ?', 'quantity'],
    // A share or a change is a percentage; a price, a budget or a fine is a sum of money.
    ['What percentage of the pupils passed?', 'share'],
    ['¿Cuánto subieron los alquileres?', 'share'],
    ['O ile wzrosły czynsze?', 'share'],
    ['Jaki wskaźnik podał urząd?', 'share'],
    ['Quanto custou a ponte?', 'money'],
    ['Jaką grzywnę nałożył sąd?', 'money'],
    ['What did the repairs cost?', 'money'],
    // A part of something is a quantity, whatever money word follows: a fraction, a share or a sum answers.
    ['How much of his term will he spend behind bars?', 'quantity'],
    ['Wie viel des Budgets wurde ausgegeben?', 'quantity'],
    ['¿Cuánto del presupuesto se gastó?', 'quantity'],
    ['Hoeveel van het geld is uitgegeven?', 'quantity'],
    // A payload is no payment, a summit ("sommet") no sum.
    ['How many times can a message payload be read?', 'quantity'],
    ['Combien de personnes se sont rassemblées au sommet de la contestation ?', 'quantity'],
    // "Which country" and its kin ask for a place, not just a name.
    ['In welchem Land steht die Fabrik?', 'place'],
    ['Quelle ville accueille le festival ?', 'place'],
    ['W którym mieście otwarto fabrykę?', 'place'],
    // A role asked about ("which minister", "qué edil") is a person's name.
    ['Which minister opened the bridge?', 'person'],
    ['¿Qué edil inauguró el puente?', 'person'],
    ['Welcher Politiker eröffnete die Brücke?', 'person'],
    // Offices, trades and kin, in each language, with "vice" or "ex" before them.
    ['Which lawmaker backs the report?', 'person'],
    ['Welcher Regisseur drehte den Film?', 'person'],
    ['¿Qué vicepresidente asistió a la función?', 'person'],
    ['Quel frère joue pour le club ?', 'person'],
    ['Quale filosofo ha scritto il libro?', 'person'],
    ['Który bramkarz obronił karnego?', 'person'],
    // Beyond the eight languages read most.
    ['Kolik stojí lístek?', 'quantity'],
    ['Hur många bussar kom?', 'quantity'],
    ['Hvornår åbnede broen?', 'time'],
    ['Kuka perusti leipomon?', 'person'],
    ['Unde se află fabrica?', 'place'],
    ['Kaç otobüs geldi?', 'quantity'],
    ['Mikor nyitották meg a hidat?', 'time'],
    ['Quan es va obrir el pont?', 'time'],
    // "Why" asks for a reason, before any quantity it names.
    ['Why did the council vote against it?', 'reason'],
    ['Warum stiegen die Mieten?', 'reason'],
    ['Dlaczego zamknięto most?', 'reason'],
    ['Varför stängdes bron?', 'reason'],
    // A purpose is asked and answered as a reason.
    ['Wozu empfiehlt der Trainer Pausen?', 'reason'],
    ['¿Para qué sirve el filtro?', 'reason'],
    ['Dans quel but a-t-il écrit ?', 'reason'],
    ['W jakim celu zbudowano most?', 'reason'],
  ])('%s → %s', (question, kind) => {
    expect(answerKind(question, question.startsWith('Wie heeft') ? 'nl' : undefined)).toBe(kind);
  });

  it.each([
    ['Welcher Kölner Sportwissenschaftler rät dazu?', 'de', 'person'],
    ['Welche Bundesministerin sagte das?', 'de', 'person'],
    ['Welke burgemeester opende de brug?', 'nl', 'person'],
    ['In welcher Kreisstadt steht die Fabrik?', 'de', 'place'],
    ['An welchem Standort wird gebaut?', 'de', 'place'],
    // A short role or "-ort" ends other words: a company, an answer and a sport are no person nor place.
    ['Welches Unternehmen baut die Fabrik?', 'de', 'named'],
    ['Welche Antwort gab der Minister?', 'de', 'named'],
    ['Welcher Sport ist gemeint?', 'de', 'named'],
    // Other languages do not build such compounds: "which rainmaker" asks a name, not a role.
    ['Which rainmaker opened it?', 'en', 'named'],
    // Buildings are places; German "man" is "one", not a man.
    ['In welchem Gebäude kommt man zusammen?', 'de', 'place'],
    ['Dans quelle salle joue-t-il ?', 'fr', 'place'],
    ['Which man won the race?', 'en', 'person'],
    ['Auf welchen Termin wurde die Messe verschoben?', 'de', 'time'],
    ['Wie knapp fiel die Abstimmung aus?', 'de', 'quantity'],
  ])('the noun after "which", German and Dutch compounds: %s (%s) → %s', (question, language, kind) => {
    expect(answerKind(question, language)).toBe(kind);
  });

  it('reads a "which" deep in the question as joining a clause: the noun after it is not what is asked', () => {
    expect(answerKind('¿Qué había en la mitad de los suministros que recibió el hospital?', 'es')).toBe(
      undefined,
    );
    expect(answerKind('¿En qué hospital murió?', 'es')).toBe('place');
  });

  it.each([
    // "What is the <quantity>" with its verb and article, in each language read.
    ['Quel est le prix du billet ?', 'money'],
    ['Qual è il prezzo del biglietto?', 'money'],
    ['¿Cuál es la cifra de heridos?', 'quantity'],
    ['Wat is de hoogte van de toren?', 'quantity'],
    ['Jaką część sprzedaży straci firma?', 'quantity'],
    ['Welchen Teil der Strecke fährt der Bus?', 'quantity'],
    // A quantity's noun ending a German or Dutch compound; not "Vorteil" (advantage).
    ['Welche Einwohnerzahl hat die Stadt?', 'quantity'],
    ['Welk bezoekersaantal haalde het museum?', 'quantity'],
    ['Welchen Vorteil hat die Stadt?', 'named'],
    // A quantity in a unit of weight, length or time; a fare is money; what a thing is called is a name.
    ['What does the crate weigh?', 'weight'],
    ['Was wiegt die Kiste?', 'weight'],
    ['¿Cuánto pesa la caja?', 'weight'],
    ['How far is the lighthouse from the port?', 'length'],
    ['À quelle distance se trouve le phare ?', 'length'],
    ['How long did the repairs take?', 'duration'],
    ['Wie lange dauerte die Reparatur?', 'duration'],
    ['Combien de temps a duré la grève ?', 'duration'],
    ['Jak długo trwał strajk?', 'duration'],
    ['How old is the bridge?', 'duration'],
    ['What was the cheapest fare?', 'money'],
    ['What is the new ferry called?', 'named'],
    ['Wie heißt die neue Fähre?', 'named'],
    ['Hoe heette het boek?', 'named'],
    ['Jak się nazywa nowy prom?', 'named'],
    // What someone said, asked with a verb of saying.
    ['What did the mayor declare after the vote?', 'statement'],
    ['Was sagte die Bürgermeisterin zur Brücke?', 'statement'],
    ['Qu’a déclaré le maire après le vote ?', 'statement'],
    ['¿Qué dijo la alcaldesa sobre el puente?', 'statement'],
    ['Co powiedział burmistrz po głosowaniu?', 'statement'],
  ])('%s → %s', (question, kind) => {
    expect(answerKind(question)).toBe(kind);
  });

  it('reads words that mean something else in another language only where they ask', () => {
    // French "de ce" is "of this", Romanian "de ce" is "why".
    expect(answerKind('Quel est le prix de ce billet ?', 'fr')).toBe('money');
    expect(answerKind('De ce a plecat trenul?', 'ro')).toBe('reason');
    // French "qui" after a noun is "that"; opening the question or a clause, or ending it, "who".
    expect(answerKind('Quel est le projet qui a été voté ?', 'fr')).toBe('named');
    expect(answerKind('Qui a fondé la boulangerie ?', 'fr')).toBe('person');
    expect(answerKind('À qui a-t-il parlé ?', 'fr')).toBe('person');
    expect(answerKind('Il a remplacé qui ?', 'fr')).toBe('person');
    // Kim is a name in English, "who" in Polish and Turkish.
    expect(answerKind('What did Kim build in the garden?', 'en')).toBeUndefined();
    expect(answerKind('Z kim rozmawiał minister?', 'pl')).toBe('person');
    // Spanish "cine" is a cinema, Italian "cui" is "which", English "care" is care; in Romanian, "who" and "which".
    expect(answerKind('¿En qué cine se estrenó la película?', 'es')).toBeUndefined();
    expect(answerKind('Qual è il motivo per cui la strada è chiusa?', 'it')).toBe('named');
    expect(answerKind('What does the care home offer?', 'en')).toBeUndefined();
    expect(answerKind('Cine a construit podul?', 'ro')).toBe('person');
    expect(answerKind('Care echipă a câștigat?', 'ro')).toBe('named');
    // Danish "hvis" is mostly "if".
    expect(answerKind('Hvad sker der, hvis broen lukker?', 'da')).toBeUndefined();
    // German "kam" is "came", Czech "kam" is "where to".
    expect(answerKind('Was kam danach?', 'de')).toBeUndefined();
    expect(answerKind('Kam jel vlak?', 'cs')).toBe('place');
    // Romanian "cât" with its accent (English "cat" is a cat), Finnish "montako" (not "montaña").
    expect(answerKind('Where is the cat?', 'en')).toBe('place');
    expect(answerKind('Câți oameni au venit?', 'ro')).toBe('quantity');
    expect(answerKind('¿Dónde está la montaña?', 'es')).toBe('place');
    expect(answerKind('Montako bussia tuli?', 'fi')).toBe('quantity');
    // Catalan "quant" is "how much", French "quant à" is "as for".
    expect(answerKind('Quant à la loi, qui l’a écrite ?', 'fr')).toBe('person');
    expect(answerKind('Quant costa el bitllet?', 'ca')).toBe('money');
  });

  it('reads "who heads", "wer steht an der Spitze", "qui dirige" as asking for a leader, in every language read', () => {
    expect(answerKind('Who heads the ferry company?', 'en')).toBe('leader');
    expect(answerKind('Who is the boss of the harbour?', 'en')).toBe('leader');
    expect(answerKind('Wer steht an der Spitze des Verbands?', 'de')).toBe('leader');
    expect(answerKind('Wer leitet die Behörde?', 'de')).toBe('leader');
    expect(answerKind('Qui dirige le bureau de Berlin ?', 'fr')).toBe('leader');
    expect(answerKind('¿Quién encabeza el partido?', 'es')).toBe('leader');
    expect(answerKind('Chi guida la società?', 'it')).toBe('leader');
    expect(answerKind('Wie staat aan het hoofd van de bond?', 'nl')).toBe('leader');
    expect(answerKind('Kto kieruje urzędem?', 'pl')).toBe('leader');
    // Asked when, or who did something else, it stays a time or a person.
    expect(answerKind('Seit wann steht sie an der Spitze der Kirche?', 'de')).toBe('since');
    expect(answerKind('Who opened the bridge?', 'en')).toBe('person');
    // Read in any case: the patterns are written lower-case and the question is lowered first.
    expect(answerKind('WER STEHT AN DER SPITZE DES VERBANDS?', 'de')).toBe('leader');
    expect(answerKind('HOW MANY BUSES RAN?', 'en')).toBe('quantity');
  });

  it('reads German "wie" as "how", Dutch "wie" as "who", and a question without a cue as none', () => {
    expect(answerKind('Wie funktioniert die Schleuse?', 'de')).toBeUndefined();
    expect(answerKind('Wie bouwde de sluis?', 'nl')).toBe('person');
    expect(answerKind('What does the council think of it?')).toBeUndefined();
    expect(answerKind('Var ligger bron?', 'sv')).toBe('place');
    // "What did the mayor say" asks for what was said, not for the mayor.
    expect(answerKind('What did the mayor say about the bridge?')).toBe('statement');
    expect(answerKind('Ki nyitotta meg a hidat?', 'hu')).toBe('person');
    // An address without a verb of reaching is a place or nothing; e-mails and telephones counted are a count.
    expect(answerKind('What address did the police search?')).not.toBe('contact');
    expect(answerKind('How many emails did she send?')).toBe('quantity');
    expect(answerKind('How many phones were sold?')).toBe('quantity');
    expect(answerKind('How many e-mail addresses were leaked?')).toBe('quantity');
    expect(answerKind('Wie viele Telefonnummern stehen in der Liste?', 'de')).toBe('quantity');
    // Asked of someone or something else, the address is the question's subject.
    expect(answerKind("Who registered the candidate's web address?")).toBe('person');
    expect(
      answerKind('Welke dienst waarschuwt je als je e-mailadres bij een datalek is buitgemaakt?', 'nl'),
    ).not.toBe('contact');
  });

  it('reads "how" before any adjective of measure, the inflected "wie viele", and a measure asked by its noun', () => {
    expect(answerKind('How efficient are the new pumps?')).toBe('quantity');
    expect(answerKind('How quickly must the pumps be replaced?')).toBe('quantity');
    expect(answerKind('How did the pumps fail?')).toBeUndefined();
    expect(answerKind('How it works, in short?')).toBeUndefined();
    expect(answerKind('In wie vielen Dörfern gibt es Pumpen?', 'de')).toBe('quantity');
    expect(answerKind('Wie jung war die Läuferin?', 'de')).toBe('duration');
    expect(answerKind('¿Qué tan caro es el billete?', 'es')).toBe('quantity');
    // The height, depth or length asked for by its noun, with or without "is".
    expect(answerKind('At what height did the balloon burst?')).toBe('length');
    expect(answerKind('From what depth is the water cold?')).toBe('length');
    expect(answerKind('Bis zu welcher Tiefe tauchen die Wale?', 'de')).toBe('length');
    expect(answerKind('Wie lang werden die Wale?', 'de')).toBe('length');
    expect(answerKind('À quelle profondeur vit le poisson ?', 'fr')).toBe('length');
    // A length asked without a word of number: "jak długa jest", "combien mesure", "qual é o comprimento".
    expect(answerKind('Jak długa jest rysa na pomniku?', 'pl')).toBe('length');
    expect(answerKind('Jak wysoka jest wieża?', 'pl')).toBe('length');
    expect(answerKind('Combien mesure la fissure ?', 'fr')).toBe('length');
    expect(answerKind('Qual é o comprimento da ponte?', 'pt')).toBe('length');
    expect(answerKind('Jak długo trwał strajk?', 'pl')).toBe('duration');
    // "How much is the ticket?" asks a price; "how much is left?" a quantity.
    expect(answerKind('How much is the ticket?')).toBe('money');
    expect(answerKind("How much is the complete package on Android's shop?")).toBe('money');
    expect(answerKind('How much are the seats in the front row?')).toBe('money');
    expect(answerKind('How much is left in the tank?')).toBe('quantity');
    // "How long" asks for a time, even about money spent; "quel a été le résultat" for a quantity.
    expect(answerKind('How long did he spend at the bank?')).toBe('duration');
    expect(answerKind("En combien de temps reçoit-on l'argent ?", 'fr')).toBe('duration');
    // "How much time", however it was spent, is a time, not a sum.
    expect(answerKind('How much time did the minister spend on his holiday?')).toBe('duration');
    expect(answerKind('Wie viel Zeit bleibt dem Museum für den Kauf?', 'de')).toBe('duration');
    expect(answerKind('Hoeveel tijd heeft het museum om het geld te vinden?', 'nl')).toBe('duration');
    expect(answerKind('Ile czasu ma muzeum na zebranie pieniędzy?', 'pl')).toBe('duration');
    expect(answerKind('Quel a été le résultat final du match ?', 'fr')).toBe('quantity');
  });

  it('reads "what" with a verb of causing as "why", and "since when" as a date or a time it has lasted', () => {
    expect(answerKind('Was hat das Feuer vermutlich ausgelöst?', 'de')).toBe('reason');
    expect(answerKind("Qu'est-ce qui a provoqué la panne ?", 'fr')).toBe('reason');
    expect(answerKind('¿Qué causó el apagón?', 'es')).toBe('reason');
    expect(answerKind('Co spowodowało awarię?', 'pl')).toBe('reason');
    expect(holdsKind('Ursächlich war ein Defekt an einem Roller.', 'reason', 'de')).toBe(true);
    expect(answerKind('Depuis quand la radio existe-t-elle ?', 'fr')).toBe('since');
    expect(answerKind('Seit wann gilt die Regel?', 'de')).toBe('since');
    expect(holdsKind('Elle a 15 ans d’existence à la radio.', 'since')).toBe(true);
    expect(holdsKind('La radio existe depuis 2008.', 'since')).toBe(true);
    expect(holdsKind('La radio a trois animatrices.', 'since')).toBe(false);
  });

  it('reads "when", "wie viel" or "who" after another question word as a clause of the question, not what it asks', () => {
    expect(
      answerKind('What should you do if the pills make you queasy when taken before breakfast?'),
    ).toBeUndefined();
    expect(answerKind('Who was in charge of the port when the strike began?')).toBe('person');
    expect(answerKind('Welche Bibliothek misst, wie viel die Tests abdecken?', 'de')).toBe('named');
    expect(answerKind('Dans quelle ville habitait-il quand la guerre a éclaté ?', 'fr')).toBe('place');
    expect(answerKind('Where did the driver who crashed come to a stop?', 'en')).toBe('place');
    // Asked first, or after "and" as a second question, it is what is asked.
    expect(answerKind('When did the strike begin, and who led it?')).toBe('time');
    expect(answerKind('In which version did the feature first appear, and when?')).toBe('time');
    expect(answerKind('How many ships were in port when the strike began?')).toBe('quantity');
    // The question words are its own language's: English "was" is no German "was", "co-" no Polish "co".
    expect(answerKind('The strike was called off when?', 'en')).toBe('time');
    expect(answerKind('The co-founder left the firm when?', 'en')).toBe('time');
    expect(answerKind('Was tat die Stadt, wann immer es regnete?', 'de')).toBeUndefined();
  });

  it('reads the words of money and of change in the question’s own language, where another’s mean something else', () => {
    // English "invest" in "investigadores", Portuguese "custo" in "customer", Polish "płac" in
    // "place", English "fare" in Italian "fare" ("to make").
    expect(
      answerKind('¿Qué quieren añadir los investigadores para mejorar la resolución?', 'es'),
    ).toBeUndefined();
    expect(answerKind('How quickly does the chain figure out who a customer is?', 'en')).toBe('quantity');
    expect(answerKind('Quelle place occupe Facebook dans le classement mondial ?', 'fr')).toBe('quantity');
    expect(answerKind('Cosa si usa per fare le zampe dei ragni?', 'it')).toBeUndefined();
    // Each language's own words still ask.
    expect(answerKind('¿Cuánto costó la película?', 'es')).toBe('money');
    expect(answerKind('Wie viel Kryptogeld hat die Börse eingesammelt?', 'de')).toBe('money');
    expect(answerKind('Wie stark würden die Wohnkosten klettern?', 'de')).toBe('share');
    expect(answerKind('What was the lowest fare?', 'en')).toBe('money');
    // A question whose language is not known is read with every language's words.
    expect(answerKind('How much did the customer pay?')).toBe('money');
  });

  it('reads a role noun after an article as the question’s subject, not what "which" asks for, unless after "of"', () => {
    // "To which party did the author join?": the author is who joined, the party is asked for.
    expect(answerKind('A que partido a autora se filiou na capital?', 'pt')).not.toBe('person');
    expect(answerKind('Que conselho a mãe do orador lhe repetia?', 'pt')).not.toBe('person');
    // "Which of the players", "cuál de los jugadores", "welcher der Spieler": the players are asked for.
    expect(answerKind('Which of the players scored first?')).toBe('person');
    expect(answerKind('¿Cuál de los jugadores marcó?', 'es')).toBe('person');
    expect(answerKind('Welcher der Spieler traf?', 'de')).toBe('person');
    expect(answerKind('¿Qué tipo de jugador es?', 'es')).toBe('person');
  });

  it('reads "how many" with a verb of growth as a count, a share only when it names per cent', () => {
    expect(answerKind('Um wie viele Köpfe ist die Belegschaft gewachsen?', 'de')).toBe('quantity');
    expect(answerKind('How many jobs were cut?')).toBe('quantity');
    expect(answerKind('Um wie viele Prozentpunkte ist die Quote gestiegen?', 'de')).toBe('share');
    expect(answerKind('How much did prices rise?')).toBe('share');
    // Spanish "bajo" is "under"; "bajó" is "it fell".
    expect(answerKind('¿Cómo se liberarán las palomas atrapadas bajo el techo?', 'es')).toBeUndefined();
    expect(answerKind('¿Cuánto bajó el precio?', 'es')).toBe('share');
  });

  it('does not read a word of one language that is another word elsewhere as a question word', () => {
    // German "wegen" is "because of" (Dutch "wegen" is "weigh"); German "stand" is "stood".
    expect(answerKind('Wer musste wegen des Rauchs das Haus verlassen?', 'de')).toBe('person');
    expect(answerKind('Welche Firma stand hinter der Idee?', 'de')).toBe('named');
  });

  it('reads the question words of Cyrillic, Greek, Arabic, Korean, Chinese and Japanese questions', () => {
    expect(answerKind('Кто возглавляет компанию?', 'ru')).toBe('person');
    expect(answerKind('Сколько человек погибло?', 'ru')).toBe('quantity');
    expect(answerKind('Когда открылся завод?', 'ru')).toBe('time');
    expect(answerKind('Де відбулася зустріч?', 'uk')).toBe('place');
    expect(answerKind('Почему он ушёл в отставку?', 'ru')).toBe('reason');
    expect(answerKind('Πότε άνοιξε το μουσείο;', 'el')).toBe('time');
    expect(answerKind('متى نشبت المواجهات؟', 'ar')).toBe('time');
    expect(answerKind('أين تقع المخازن؟', 'ar')).toBe('place');
    expect(answerKind('كم عدد القتلى؟', 'ar')).toBe('quantity');
    // Arabic "من" is "who" only opening "who is"; alone it is mostly "from".
    expect(answerKind('ماذا جاء من الحكومة؟', 'ar')).toBeUndefined();
    expect(answerKind('이 회사는 언제 세워졌나요?')).toBe('time');
    expect(answerKind('몇 년도에 설립되었나요?')).toBe('time');
    expect(answerKind('몇 명이 다쳤나요?')).toBe('quantity');
    expect(answerKind('몇 시에 시작해요?')).toBe('hour');
    expect(answerKind('어디에서 열렸나요?')).toBe('place');
    expect(answerKind('누가 회사를 세웠나요?')).toBe('person');
    // Chinese and Japanese: anywhere in the question, which has no spaces.
    expect(answerKind('他什么时候来的？', 'zh')).toBe('time');
    expect(answerKind('谁是总统？', 'zh')).toBe('person');
    expect(answerKind('公司在哪里？', 'zh')).toBe('place');
    expect(answerKind('有多少人参加？', 'zh')).toBe('quantity');
    expect(answerKind('为什么股价下跌？', 'zh')).toBe('reason');
    expect(answerKind('会社はいつ設立されましたか', 'ja')).toBe('time');
    expect(answerKind('会議は何時に始まりますか', 'ja')).toBe('hour');
    expect(answerKind('彼はいつも何を食べますか', 'ja')).toBeUndefined();
    expect(answerKind('本社はどこにありますか', 'ja')).toBe('place');
  });
});

describe('holdsKind: which passages hold an answer of that kind', () => {
  it('a quantity is a counted number, a share or a sum written out or in figures, not a year alone', () => {
    for (const text of [
      'The crate weighed some 400 pounds.',
      'Llegaron tres autobuses al puerto.',
      'La tarifa subió un 4,5% en la región.',
      'Bilet kosztował 12 zł, a w zeszłym roku mniej.',
      'The ticket cost $1,300 on average.',
      'Es kamen rund 80 Tausend Besucher.',
    ]) {
      expect(holdsKind(text, 'quantity'), text).toBe(true);
    }
    expect(holdsKind('The bridge was opened in 1998 by the mayor.', 'quantity')).toBe(false);
    expect(holdsKind('Das Fest fand am 3. Juli statt.', 'quantity')).toBe(false);
    // A number before a conjunction or an article names a thing ("Canal 247 e a rádio").
    expect(holdsKind('Assista ao Canal 247 e a rádio da cidade.', 'quantity')).toBe(false);
    expect(holdsKind('See Room 101 of the old wing.', 'quantity')).toBe(false);
    // A number in groups of three counts, whatever follows it ("killed 3,338 in Guinea", a sentence's end).
    expect(holdsKind('The outbreak has killed 3,338 in Guinea and Liberia.', 'quantity')).toBe(true);
    expect(holdsKind('Die Zahl der Besucher stieg auf 12.500.', 'quantity')).toBe(true);
    expect(holdsKind('Version 1.2.3 of the tool is out.', 'quantity')).toBe(false);
    // A vote and a temperature.
    expect(holdsKind('Das Unterhaus stimmte mit 322 zu 306 dafür.', 'quantity')).toBe(true);
    expect(holdsKind('Bake at 325°F until golden.', 'quantity')).toBe(true);
  });

  it('an ordinal written with a full stop is a rank, on pages in languages that write it so, not a date', () => {
    expect(holdsKind('Am Ende stand ein wunderbarer 2. Platz.', 'quantity', 'de')).toBe(true);
    expect(holdsKind('Es war ihr 13. Weltcupsieg.', 'quantity', 'de')).toBe(true);
    expect(holdsKind('Drużyna zajęła 3. miejsce.', 'quantity', 'pl')).toBe(true);
    expect(holdsKind('Das Fest fand am 3. Oktober statt.', 'quantity', 'de')).toBe(false);
    expect(holdsKind('Dann kam das Jahr 2019. Die Firma wuchs.', 'quantity', 'de')).toBe(false);
    // English writes "2nd": a number and a stop ends a sentence there.
    expect(holdsKind('They finished in place 2. Then it rained.', 'quantity', 'en')).toBe(false);
  });

  it('a share is a percentage, a sum is money with its currency, in figures or words of several languages', () => {
    for (const text of [
      'It fell by 22%.',
      'Wzrosły o 6,4 proc.',
      'Subió un 60 por ciento.',
      'Oran %12 oldu.',
      'Die Mieten steigen um sechs Prozent.',
      'It rose by twenty per cent.',
      // A fraction in words.
      'He will serve half of that sentence.',
      'Two-thirds of the staff left.',
      'Die Hälfte der Betten ist belegt.',
      'La mitad de los votos.',
    ]) {
      expect(holdsKind(text, 'share'), text).toBe(true);
    }
    // "Third" and "quarter" alone are ranks and times of the year.
    expect(holdsKind('She came third in the final quarter.', 'share')).toBe(false);
    expect(holdsKind('The crate weighed some 400 kilograms.', 'share')).toBe(false);
    expect(holdsKind('In sechs Wochen ist es fertig.', 'share')).toBe(false);
    for (const text of [
      'The ticket cost $1,300.',
      'Kara wyniosła 29 mld zł.',
      'Es kostete 40 Euro.',
      'Costó 80 mil pesos.',
    ]) {
      expect(holdsKind(text, 'money'), text).toBe(true);
    }
    expect(holdsKind('The crate weighed some 400 kilograms.', 'money')).toBe(false);
  });

  it('a weight, a length or a time is a number with its unit, in figures or words', () => {
    expect(holdsKind('The crate weighed some 400 pounds.', 'weight')).toBe(true);
    expect(holdsKind('Die Kiste wog 12,5 kg.', 'weight')).toBe(true);
    expect(holdsKind('The crate held 400 bottles.', 'weight')).toBe(false);
    expect(holdsKind('The lighthouse stands 3 km from the port.', 'length')).toBe(true);
    expect(holdsKind('Le phare est à trois kilomètres du port.', 'length')).toBe(true);
    expect(holdsKind('The lighthouse has 3 keepers.', 'length')).toBe(false);
    // A text's length is in words, pages or characters.
    expect(holdsKind('Writers had to reach a 5,000-word count.', 'length')).toBe(true);
    expect(holdsKind('Le rapport fait 40 pages.', 'length')).toBe(true);
    expect(holdsKind('The strike lasted five weeks.', 'duration')).toBe(true);
    expect(holdsKind('Onboarding takes less than a month.', 'duration')).toBe(true);
    expect(holdsKind('La huelga duró 12 días.', 'duration')).toBe(true);
    // German and Dutch write "and a half" into the number: "viereinhalb Jahre", "tweeënhalf jaar".
    expect(holdsKind('Der Wein reifte viereinhalb Jahre im Stahltank.', 'duration', 'de')).toBe(true);
    expect(holdsKind('Die Sanierung dauerte anderthalb Jahre.', 'duration', 'de')).toBe(true);
    expect(holdsKind('De bouw duurde tweeënhalf jaar.', 'duration', 'nl')).toBe(true);
    expect(holdsKind('Der Wein reifte lange im Stahltank.', 'duration', 'de')).toBe(false);
    // A thousand years is a unit of its own.
    expect(holdsKind('The friendship lasted a millennium.', 'duration')).toBe(true);
    expect(holdsKind('Die Stadt besteht seit einem Jahrtausend.', 'duration', 'de')).toBe(true);
    expect(holdsKind('La ville existe depuis deux millénaires.', 'duration', 'fr')).toBe(true);
    expect(holdsKind('The strike cost 5 million euros.', 'duration')).toBe(false);
  });

  it('a share or a change is also told in basis points or as a multiple, in the languages read', () => {
    expect(holdsKind('The deposit rate was kept at 25bp.', 'share')).toBe(true);
    expect(holdsKind('Die Notenbank senkte den Leitzins um 50 Basispunkte.', 'share', 'de')).toBe(true);
    expect(holdsKind('La banque a relevé son taux de 25 points de base.', 'share', 'fr')).toBe(true);
    expect(holdsKind('Cutting the download in half, the install time is doubled.', 'share')).toBe(true);
    expect(holdsKind('Die Zahl der Anträge hat sich verdoppelt.', 'share', 'de')).toBe(true);
    expect(holdsKind('Le prix du billet a doublé en un an.', 'share', 'fr')).toBe(true);
    expect(holdsKind('Las ventas se duplicaron en marzo.', 'share', 'es')).toBe(true);
    expect(holdsKind('Il fatturato è raddoppiato.', 'share', 'it')).toBe(true);
    expect(holdsKind('Het aantal leden is verdubbeld.', 'share', 'nl')).toBe(true);
    expect(holdsKind('Liczba turystów się podwoiła.', 'share', 'pl')).toBe(true);
    // Doubles at tennis, a good day in Polish and a company's initials are none.
    expect(holdsKind('She played doubles at Wimbledon.', 'share')).toBe(false);
    expect(holdsKind('To był dobry dzień.', 'share', 'pl')).toBe(false);
    expect(holdsKind('BP reported its results on Tuesday.', 'share')).toBe(false);
  });

  it('a way to reach someone is an e-mail or web address or a telephone number, not a handle, a price or a count', () => {
    expect(holdsKind('Publishers can email adblocking@iab.com to join.', 'contact')).toBe(true);
    expect(holdsKind('Schreiben Sie an info [at] verein [dot] de.', 'contact', 'de')).toBe(true);
    expect(holdsKind('Les inscriptions se font sur https://exemple.fr/inscription.', 'contact', 'fr')).toBe(
      true,
    );
    expect(holdsKind('Más información en www.ayuntamiento.es.', 'contact', 'es')).toBe(true);
    expect(holdsKind('The helpline is +44 20 7946 0958.', 'contact')).toBe(true);
    expect(holdsKind('Anmeldung unter Tel.: 030 / 123 456 78', 'contact', 'de')).toBe(true);
    expect(holdsKind('Follow @quarrynews for updates.', 'contact')).toBe(false);
    expect(holdsKind('Apples sell @ 2.99 a pound.', 'contact')).toBe(false);
    expect(holdsKind('The hotel 1234567 rooms were booked in 2019.', 'contact')).toBe(false);
    expect(holdsKind('Call us today for a quote.', 'contact')).toBe(false);
  });

  it('in Chinese and Japanese, a number written against the characters around it still counts', () => {
    expect(holdsKind('先后在石家庄、邢台等10个设区市演出。', 'quantity')).toBe(true);
    expect(holdsKind('每帳$600，兩間衛浴。', 'money')).toBe(true);
    expect(holdsKind('1年版ライセンスは2900円（税込）です。', 'money')).toBe(true);
    expect(holdsKind('トレンドマイクロは3月9日に発表した。', 'time')).toBe(true);
    expect(holdsKind('该剧于2019年首演。', 'time')).toBe(true);
    // A month is a date, not a count; a number inside a word of Latin letters stays no amount.
    expect(holdsKind('自5月下旬开始巡演。', 'quantity')).toBe(false);
    expect(holdsKind('Model abc$600 was shown.', 'money')).toBe(false);
    // Full-width digits and signs count as ASCII's.
    expect(holdsKind('邦人１０人を含む外国籍保有者３６１人', 'quantity', 'ja')).toBe(true);
    expect(holdsKind('回答者の約85％が', 'share', 'ja')).toBe(true);
  });

  it('in scripts without capitals, a place is told by the kind of place named beside it', () => {
    expect(holdsKind('سيطروا على ثلاثة مستودعات بالقرب من بلدة قلدون.', 'place', 'ar')).toBe(true);
    expect(holdsKind('وقال المرصد إن المقاتلين اغتنموا أسلحة.', 'place', 'ar')).toBe(false);
    expect(holdsKind('先后在石家庄市演出。', 'place', 'zh')).toBe(true);
    expect(holdsKind('本社は福島県にある。', 'place', 'ja')).toBe(true);
    expect(holdsKind('Встреча прошла в Москве.', 'place', 'ru')).toBe(true);
    expect(holdsKind('Встреча прошла вчера.', 'place', 'ru')).toBe(false);
  });

  it('in Korean, a year of four figures, a month or a day is a date; a hundred years or a fourteenth is not', () => {
    expect(holdsKind('1999년 설립된 회사다.', 'time', 'ko')).toBe(true);
    expect(holdsKind('지난 5월 3일 문을 열었다.', 'time', 'ko')).toBe(true);
    expect(holdsKind('100년 기업을 일굴 터.', 'time', 'ko')).toBe(false);
    expect(holdsKind('14년째 한 우물만 파고 있다.', 'time', 'ko')).toBe(false);
  });

  it('reads a sum in a named dollar, "US$", "US-Dollar", and a German price ending in ",-"', () => {
    expect(holdsKind('Eich previously donated US$1,000 in 2008.', 'money')).toBe(true);
    expect(holdsKind('A R$ 50 fine was set.', 'money')).toBe(true);
    expect(holdsKind('Der Stiefel kostet 120 US-Dollar pro Paar.', 'money', 'de')).toBe(true);
    expect(holdsKind('4-6 Personen pro Nacht: 65,- €', 'money', 'de')).toBe(true);
    expect(holdsKind('Die US-Regierung tagte am Abend.', 'money', 'de')).toBe(false);
    // German lengths in the dative and written out.
    expect(holdsKind('Männchen erreichen 40 Zentimeter Länge.', 'length', 'de')).toBe(true);
    expect(holdsKind('Sie leben bis in eine Höhe von 3.000 Metern.', 'length', 'de')).toBe(true);
  });

  it('reads a month named alone after a preposition as a time, not a short month name', () => {
    expect(holdsKind('Twitter dio a conocer Twitter Lite en abril en India.', 'time', 'es')).toBe(true);
    expect(holdsKind('Sie startete im April in Indien.', 'time', 'de')).toBe(true);
    expect(holdsKind('W kwietniu ruszyła budowa.', 'time', 'pl')).toBe(true);
    expect(holdsKind('It launched in April in India.', 'time')).toBe(true);
    expect(holdsKind('Sie kam im Jan. zurück.', 'time', 'de')).toBe(false);
    expect(holdsKind('April was her name.', 'time')).toBe(false);
  });

  it('where no text has a number in the unit asked for, any quantity answers', () => {
    const texts = ['The strike was long and bitter.', 'Some 400 workers joined it.'];
    expect(textsHolding(texts, 'duration')).toEqual([false, true]);
    expect(textsHolding([...texts, 'It lasted five weeks.'], 'duration')).toEqual([false, false, true]);
  });

  it('a reason is a causal word of the page’s language; one that means something else elsewhere only in its own', () => {
    expect(holdsKind('Der Zug kam spät, weil die Weiche eingefroren war.', 'reason', 'de')).toBe(true);
    expect(holdsKind('Le train est en retard car la voie a gelé.', 'reason', 'fr')).toBe(true);
    expect(holdsKind('Pociąg się spóźnił, bo zamarzła zwrotnica.', 'reason', 'pl')).toBe(true);
    expect(holdsKind('The train was late due to a frozen switch.', 'reason')).toBe(true);
    expect(holdsKind('The train was late on Monday.', 'reason', 'en')).toBe(false);
    // A purpose: German "um … zu", Dutch "om … te", with the clause's words between.
    expect(holdsKind('Man legt Pausen ein, um den Gewöhnungseffekt klein zu halten.', 'reason', 'de')).toBe(
      true,
    );
    expect(holdsKind('Ze sparen om later een huis te kopen.', 'reason', 'nl')).toBe(true);
    // A purpose in the other languages: "so as to", "para evitar", "afin de", "al fine di".
    expect(holdsKind('The name was changed so as to avoid trademark conflicts.', 'reason', 'en')).toBe(true);
    expect(holdsKind('El contrato tiene el fin de transportar a los estudiantes.', 'reason', 'es')).toBe(
      true,
    );
    expect(holdsKind('Le portier a ralenti pour éviter un carton.', 'reason', 'fr')).toBe(true);
    expect(holdsKind('Il contratto serve al fine di trasportare gli studenti.', 'reason', 'it')).toBe(true);
    expect(holdsKind('Er kam um 8 Uhr zurück.', 'reason', 'de')).toBe(false);
    // French "car" is "because"; an English page's car is not.
    expect(holdsKind('She parked the car by the station.', 'reason', 'en')).toBe(false);
  });

  it('a date is a year, a day and month (month names in several languages), a weekday, or a numeric date', () => {
    expect(holdsKind('Most otwarto 14 marca po latach budowy.', 'time')).toBe(true);
    expect(holdsKind('Le pont a ouvert le 2 février.', 'time')).toBe(true);
    expect(holdsKind('It opened in 1998.', 'time')).toBe(true);
    expect(holdsKind('Die Brücke ist lang und schmal.', 'time')).toBe(false);
    // News dates what happened by its weekday.
    for (const text of [
      'The bridge reopened on Tuesday.',
      'Die Brücke wurde am Mittwoch geöffnet.',
      'Le pont a rouvert jeudi.',
      'El puente reabrió el martes.',
      'Most otwarto w środę.',
    ]) {
      expect(holdsKind(text, 'time'), text).toBe(true);
    }
  });

  it('a person is two capitalised words mid-sentence; a place, a capitalised word after a preposition of place or among examples', () => {
    expect(holdsKind('The bakery was founded by Marta Quillon after the war.', 'person')).toBe(true);
    expect(holdsKind('The bakery was founded after the war.', 'person')).toBe(false);
    expect(holdsKind('Statek przypłynął z Gdyni w nocy.', 'place')).toBe(true);
    expect(holdsKind('The ferry docks at the old pier.', 'place')).toBe(false);
    // With its article after the preposition, or among examples of places.
    expect(holdsKind('The ferry sails to the Netherlands every week.', 'place')).toBe(true);
    expect(holdsKind('Le bac part de la Rochelle chaque matin.', 'place')).toBe(true);
    expect(holdsKind('Des pays comme Chypre accueillent beaucoup de réfugiés.', 'place')).toBe(true);
    expect(holdsKind('Small states such as Malta are exposed.', 'place')).toBe(true);
    // French and Italian elide the article against the name.
    expect(holdsKind('Elle enseigne à l’Université de Bordeaux.', 'place')).toBe(true);
    // A name set off by a dash after the words introducing it.
    expect(holdsKind('Ранее об уходе заявил другой ее гвардеец – Бастиан Швайнштайгер.', 'person')).toBe(
      true,
    );
  });

  it('a statement is a quotation or reported speech, in the words of several languages', () => {
    for (const [text, language] of [
      ['“We will rebuild it,” the mayor told the crowd.', 'en'],
      ['Die Brücke sei sicher, sagte die Bürgermeisterin.', 'de'],
      ['Selon le maire, le pont est sûr.', 'fr'],
      ['El puente es seguro, dijo la alcaldesa.', 'es'],
      ['Według burmistrza most jest bezpieczny.', 'pl'],
    ]) {
      expect(holdsKind(text!, 'statement', language), text).toBe(true);
    }
    expect(holdsKind('The bridge was rebuilt after the flood.', 'statement', 'en')).toBe(false);
  });

  it('numbers written out, from the teens and tens to the compounds written as one word', () => {
    for (const text of [
      'Forty volunteers came.',
      'Es kamen achtundvierzig Gäste.',
      'Ils étaient quarante au départ.',
      'Llegaron veintidós autobuses.',
      'Sono arrivati quarantotto autobus.',
      'Chegaram dezassete barcos.',
      'Er kwamen achtenveertig bussen.',
      'Przyjechało dwadzieścia autobusów.',
    ]) {
      expect(holdsKind(text, 'quantity'), text).toBe(true);
    }
    expect(holdsKind('Les grévistes sont payés sous quarante-huit heures.', 'duration')).toBe(true);
  });

  it('a score or a ratio is a quantity, a time of day is not', () => {
    expect(holdsKind('Le match se termine sur un score nul (1-1).', 'quantity')).toBe(true);
    expect(holdsKind('Das Spiel endete 3:2 nach Verlängerung.', 'quantity')).toBe(true);
    expect(holdsKind('Posted on the blog at 9:24am.', 'quantity')).toBe(false);
  });

  it('a century or a decade is a date, asked with "which century" or "welches Jahrzehnt"', () => {
    expect(answerKind('In which century was the abbey built?')).toBe('time');
    expect(answerKind('In welchem Jahrzehnt entstand die Abtei?', 'de')).toBe('time');
    expect(answerKind('¿En qué siglo se construyó?', 'es')).toBe('time');
    for (const text of [
      'The abbey was built in the 12th century.',
      'L’abbaye date du XIIe siècle.',
      'La abadía es del siglo XII.',
      'Die Abtei entstand in den 90er Jahren.',
      'It became popular in the 1990s.',
    ]) {
      expect(holdsKind(text, 'time'), text).toBe(true);
    }
    expect(holdsKind('The abbey has 12 monks.', 'time')).toBe(false);
  });

  it('a time of day answers "at what time", and "when" where no text gives a date', () => {
    expect(answerKind('Um wie viel Uhr beginnt das Spiel?', 'de')).toBe('hour');
    expect(answerKind('À quelle heure ouvre le marché ?', 'fr')).toBe('hour');
    for (const text of [
      'Die Feuerwehr war gegen 22 Uhr fertig.',
      'Le marché ouvre à 18h30.',
      'The gates open at 10:45.',
      'La partita inizia alle ore 9.',
      'They left at midnight.',
    ]) {
      expect(holdsKind(text, 'hour'), text).toBe(true);
    }
    expect(holdsKind('The match was on 4 May 2021.', 'hour')).toBe(false);
    const texts = ['The fire started in a workshop.', 'The firemen left around 10 p.m.'];
    expect(textsHolding(texts, 'time')).toEqual([false, true]);
    expect(textsHolding([...texts, 'It was on 3 March.'], 'time')).toEqual([false, false, true]);
  });

  it('dates, prices and counts in Chinese, Japanese and Vietnamese', () => {
    expect(holdsKind('トレンドマイクロは3月9日、アプリの発売を開始すると発表した。', 'time')).toBe(true);
    expect(holdsKind('该剧于2021年首演。', 'time')).toBe(true);
    expect(holdsKind('Lương được điều chỉnh từ tháng 7.', 'time')).toBe(true);
    // A currency sign needs no space before it.
    expect(holdsKind('每帳$600，兩間衛浴', 'money')).toBe(true);
    expect(holdsKind('1年版ライセンスは2900円です。', 'money')).toBe(true);
    expect(holdsKind('thu nhập bình quân 22 triệu đồng mỗi tháng', 'money')).toBe(true);
    expect(holdsKind('先后在10个设区市演出', 'quantity')).toBe(true);
  });

  it('an age in brackets or as one word answers "how old"; a German or Dutch compound of a unit of time is a duration', () => {
    expect(holdsKind('Her father, Tom Martens (73), was sentenced.', 'duration')).toBe(true);
    // German and Dutch compounds ending in a unit of time, on their pages only.
    expect(holdsKind('Er fing ihn nach 365 Angelstunden.', 'duration', 'de')).toBe(true);
    expect(holdsKind('Het duurde drie werkdagen.', 'duration', 'nl')).toBe(true);
    expect(holdsKind('Er fing ihn nach 365 Angelstunden.', 'duration', 'en')).toBe(false);
    expect(holdsKind('Es gab 3 Montage im Monat.', 'duration', 'de')).toBe(false);
    // An age as one word: "der 29-Jährige", "il 29enne".
    expect(holdsKind('Der 29-Jährige gewann.', 'duration', 'de')).toBe(true);
    expect(holdsKind('Il 29enne ha vinto.', 'duration', 'it')).toBe(true);
    expect(holdsKind('Body fat is measured by several methods (3).', 'duration')).toBe(false);
  });

  it('a named thing is a capitalised word mid-sentence, or a title in quotation marks', () => {
    expect(holdsKind('The coach spoke on the show "Fantástico" last night.', 'named')).toBe(true);
    expect(holdsKind('Er erhielt das „Silberne“ als Auszeichnung.', 'named')).toBe(true);
    expect(holdsKind('the coach spoke on the radio last night.', 'named')).toBe(false);
  });

  it('a name opening a sentence or a line is a person, unless its first word is a stop word', () => {
    expect(holdsKind('Lucas Nolan is a reporter covering the courts.', 'person', 'en')).toBe(true);
    expect(holdsKind('GOLEADORES\n\nMarcel Hernández (Cartaginés) 7', 'person', 'es')).toBe(true);
    expect(holdsKind('The Progress cargo craft broke up.', 'person', 'en')).toBe(false);
    expect(holdsKind('In March the craft broke up.', 'person', 'en')).toBe(false);
    expect(holdsKind('Yuzuru Hanyu (Japan): Er hat fast alles gewonnen.', 'person', 'de')).toBe(true);
    expect(holdsKind('Die Polizei kam spät.', 'person', 'de')).toBe(false);
  });

  it('a name after a dash, a place after an elided article', () => {
    expect(holdsKind('“I owe it to my favourite actor - Heath Ledger,” he said.', 'person')).toBe(true);
    expect(holdsKind('Ранее об уходе заявил другой игрок – Бастиан Швайнштайгер.', 'person')).toBe(true);
    expect(holdsKind('Professeur de philosophie à l’Université Bordeaux-Montaigne', 'place')).toBe(true);
    expect(holdsKind('Ha studiato nell’Università di Padova.', 'place')).toBe(true);
  });

  it("a leader is a name beside a title of one who leads, written alone or, in German and Dutch, as a compound's end", () => {
    expect(holdsKind('Das sagt BKA-Präsident Holger Münch am Montag.', 'leader', 'de')).toBe(true);
    expect(holdsKind('Dem widersprach Betriebsratschefin Daniela Cavallo deutlich.', 'leader', 'de')).toBe(
      true,
    );
    expect(holdsKind('Der Vorstandsvorsitzende schwieg dazu.', 'leader', 'de')).toBe(false);
    expect(holdsKind('Dem widersprach die Kollegin Daniela Cavallo deutlich.', 'leader', 'de')).toBe(false);
    expect(
      holdsKind('The firm, whose chief executive Anna Berg took over in May, grew.', 'leader', 'en'),
    ).toBe(true);
    // "Ahead" holds no "head": only German and Dutch write a title inside a longer word.
    expect(holdsKind('Far ahead of Anna Berg came the others.', 'leader', 'en')).toBe(false);
    expect(holdsKind('La présidente Marie Dubois a ouvert la séance.', 'leader', 'fr')).toBe(true);
    // A team's coach and captain, a town's mayor lead too.
    expect(holdsKind('Kann das Team von Trainer Marco Rose erneut gewinnen?', 'leader', 'de')).toBe(true);
    expect(holdsKind("L'entraîneur Didier Deschamps a choisi.", 'leader', 'fr')).toBe(true);
    expect(holdsKind('Mayor Anna Berg opened the bridge.', 'leader', 'en')).toBe(true);
    // Where no passage names a leader by title, any name answers.
    expect(textsHolding(['The harbour opened in May.', 'Anna Berg cut the ribbon.'], 'leader', 'en')).toEqual(
      [false, true],
    );
  });

  it('on a German page, two capitalised words after an article are an adjective and its noun, not a name', () => {
    expect(holdsKind('Sie fuhr mit der Deutschen Bahn nach Hause.', 'person', 'de')).toBe(false);
    expect(holdsKind('Im Europäischen Parlament sprach er lange.', 'person', 'de')).toBe(false);
    expect(holdsKind('Das sagte die Präsidentin Irme Stetter-Karp am Montag.', 'person', 'de')).toBe(true);
    expect(holdsKind('Laut Christian Hanisch ist das falsch.', 'person', 'de')).toBe(true);
  });
});

describe('the ranking with the kind of answer asked for', () => {
  // Each paragraph a passage, or each sentence, all in part 1.
  const paragraphPassages = (paragraphs: readonly string[]) =>
    buildPassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
  const sentencePassages = (paragraphs: readonly string[]) =>
    buildSentencePassages(
      paragraphs,
      paragraphs.map(() => 1),
    );
  /** The text of the passage ranked first for the question, the whole page within reach. */
  const bestPassage = (question: string, passages: readonly Passage[], language: string) =>
    rankPassages(question, passages, 1_000_000, { language })[0]?.text;
  it('asked "how heavy" in other words than the page, returns the passage that counts something', () => {
    const paragraphs = [
      'The workshop stood at the edge of town, and the engineers came there every morning in winter.',
      'Back in 1961 the engineers moved into the workshop, and the town got used to their late nights.',
      'Their device filled a corner of the room; it weighed about 400 pounds and hummed all night long.',
      'The engineers later wrote about the workshop and the town, and about their late nights there.',
      'Visitors remember the workshop as cold and noisy, and the engineers as friendly, in 1962 and after.',
      'The town later turned the workshop into a museum about the engineers and their nights of work.',
    ];
    expect(
      bestPassage('How heavy was the machine the team built?', paragraphPassages(paragraphs), 'en'),
    ).toContain('400 pounds');
  });

  it('asked "when" in Korean, prefers the passage that gives a date to those that only share the words', () => {
    const paragraphs = [
      '이 회사는 통신 장비의 시험과 인증을 맡고 있다.',
      '고객사는 전 세계 150여 개 국가에 있고 모두 큰 기업이다.',
      '대표는 전기전자와 무선통신 분야에서 인정받는 전문가다.',
      '그 뒤 2008년에 설립되었고 직원은 모두 기술자다.',
      '직원들은 새 기술을 배우려고 매일 공부한다.',
      '이 회사는 새로 세워진 연구소에서 전문가를 기른다.',
      '올해는 시험 장비에 많은 돈을 들였다.',
      '이 회사는 앞으로도 인증 한 우물만 팔 생각이다.',
    ];
    expect(bestPassage('이 회사는 언제 세워졌나요?', sentencePassages(paragraphs), 'ko')).toContain('2008년');
  });

  it('asked who heads something, prefers the passage naming someone by a leading title to one naming others', () => {
    const paragraphs = [
      'Der Fischereiverband vertritt rund 4.000 Mitglieder an den Seen des Landes.',
      'Auf der Versammlung sprach auch der Biologe Markus Hahn über den Zustand der Gewässer.',
      'Verbandspräsident Jonas Weber forderte mehr Geld für den Besatz mit Jungfischen.',
      'Die Mitglieder stimmten am Abend über den neuen Haushalt des Vereins ab.',
      'Der Zustand der Seen habe sich seit dem trockenen Sommer kaum verbessert, hieß es.',
      'Die nächste Versammlung findet im Frühjahr in der Stadthalle statt.',
    ];
    expect(
      bestPassage('Wer steht an der Spitze des Fischereiverbands?', paragraphPassages(paragraphs), 'de'),
    ).toContain('Jonas Weber');
  });

  it('asked "how long", prefers the passage with a time to one with other numbers', () => {
    const paragraphs = [
      'The old lighthouse on the cape was rebuilt by the harbour board after the storm.',
      'Its keepers counted 212 ships passing the cape in the first summer after the works.',
      'The works kept the crews of the harbour board busy for nine months, through the winter.',
      'The lamp now shines 30 kilometres out to sea, and 4 keepers share the night watch.',
      'Visitors may climb the 120 steps of the tower on Sundays, when the weather allows.',
      'The harbour board plans to paint the tower red and white again next spring.',
    ];
    expect(bestPassage('How long did the rebuilding take?', paragraphPassages(paragraphs), 'en')).toContain(
      'nine months',
    );
  });

  it('asked for a share, prefers the passage with a percentage to one that only counts; asked for a cost, the one with a sum', () => {
    const paragraphs = [
      'The harbour office keeps its records in the old customs house, next to the ferry terminal.',
      'Of the lorries that crossed last winter, 14 came from the south and 9 from the mountain road.',
      'The harbour office also noted that 31% of the crossings ran behind the timetable in winter.',
      'Its clerks rebuilt the archive after the flood; the repairs came to €45,000 in the end.',
      'Visitors can see the records on weekdays, when the clerks are not busy with the ferries.',
      'The customs house itself was built by the port authority and later sold to the town.',
    ];
    const passages = paragraphPassages(paragraphs);
    expect(bestPassage('What proportion of the voyages were late?', passages, 'en')).toContain('31%');
    expect(bestPassage('How much did fixing the documents take?', passages, 'en')).toContain('€45,000');
  });

  it('asked what someone said, in other words than the page, prefers the passage that quotes', () => {
    const paragraphs = [
      'The council met on Monday evening in the town hall to vote on the plan for the old quay.',
      'The mayor left by the side door.',
      'Work on the north quay begins in spring, once the fishing season has ended for the year.',
      '“This is the best day for the harbour in fifty years,” she told the crowd on the steps.',
      'The channel was last widened before the war, when the town still had a ferry of its own.',
      'The fish market moves in autumn, and the old sheds are to become a museum of the sea.',
    ];
    expect(
      bestPassage('What did the mayor declare about the harbour?', sentencePassages(paragraphs), 'en'),
    ).toContain('best day for the harbour');
  });

  it('asked "why" in other words than the page, prefers the passage that gives a cause', () => {
    const paragraphs = [
      'The ferry to the island sails twice a day in summer and once a day in the cold months.',
      'Last week the morning ferry stayed in port, because a storm had torn the harbour chain loose.',
      'The ferry company has run the route since the old bridge closed, with three boats in turn.',
      'On the island the shop and the school wait for the ferry; the doctor comes on Tuesdays.',
      'The company plans a fourth boat, and the island council has asked for a later sailing.',
      'The old bridge is still there, rusting, and the island children fish from its last arch.',
    ];
    expect(bestPassage('Why was the early boat cancelled?', paragraphPassages(paragraphs), 'en')).toContain(
      'because a storm',
    );
  });

  it('a kind few passages hold lifts them above one sharing a word more; one every passage holds, barely', () => {
    const filler = [
      'The river runs slowly past the old mill in the valley.',
      'Children play in the square when the weather is fine.',
      'The baker opens his shop early and closes it at noon.',
      'Tourists often ask for directions to the cathedral.',
      'Autumn brings fog that lingers over the fields.',
      'The school choir sings in the church on holidays.',
    ];
    const shared = 'The guild carried lanterns to the bridge.';
    const counted = 'In all, 412 lanterns were carried.';
    const question = 'How many lanterns did the guild carry to the bridge?';
    const scores = (paragraphs: string[]): [number, number] => {
      const passages = sentencePassages(paragraphs);
      const scored = scorePassages(question, passages, { language: 'en' });
      return [scored[paragraphs.indexOf(shared)]!, scored[paragraphs.indexOf(counted)]!];
    };
    const [sharedScore, countedScore] = scores([...filler, shared, ...filler, counted]);
    expect(countedScore).toBeGreaterThan(sharedScore);
    // Every passage counts something: holding a number tells them apart no more.
    const counting = filler.map((sentence, index) => sentence.replace('.', ` ${index + 3} times.`));
    const [sharedAmongCounts, countedAmongCounts] = scores([...counting, shared, ...counting, counted]);
    expect(countedAmongCounts).toBeLessThan(sharedAmongCounts);
  });
});
