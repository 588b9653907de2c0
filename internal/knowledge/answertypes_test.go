package knowledge

import (
	"strings"
	"testing"
)

func TestQuestionCue(t *testing.T) {
	cases := []struct {
		q    string
		want cue
	}{
		{"how long does shipping take", cueNumber},
		{"combien de jours pour renvoyer un article", cueNumber},
		{"c'est combien la livraison ?", cueNone}, // a price: the price type answers it
		{"wann verschickt ihr meine bestellung", cueNumber},
		{"cuántos días tengo", cueNumber},
		{"do i get an email when u receive my return", cueNone}, // "when" after the third word
		{"how do i send an item back", cueSteps},
		{"comment garder mon numéro", cueSteps},
		{"wie kann ich kündigen", cueSteps},
		{"cómo cambio la contraseña", cueSteps},
		{"do you groom cats", cueNone},
	}
	for _, c := range cases {
		if got := questionCue(words(strings.ToLower(c.q))); got != c.want {
			t.Errorf("questionCue(%q) = %d, want %d", c.q, got, c.want)
		}
	}
}

func TestHasNumber(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"Orders ship within 1-3 business days.", true},
		{"Vous pouvez réserver jusqu'à dix documents.", true},
		{"Die Lieferung dauert drei Tage.", true},
		{"Only members can book.", false},
		{"", false},
	}
	for _, c := range cases {
		if got := hasNumber(c.text); got != c.want {
			t.Errorf("hasNumber(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

// TestSiblingSynonyms: the specific words of a group match its general
// words and back, never each other.
func TestSiblingSynonyms(t *testing.T) {
	has := func(lang, a, b string) bool { return contains(synonyms[lang][stem(lang, a)], stem(lang, b)) }
	cases := []struct {
		lang, a, b string
		want       bool
	}{
		{EN, "cats", "pets", true},
		{EN, "pet", "dog", true},
		{EN, "cat", "dogs", false},
		{EN, "dog", "cat", false},
		{DE, "hund", "haustiere", true},
		{DE, "hund", "katze", false},
		{ES, "perro", "mascota", true},
		{ES, "gato", "perro", false},
		{FR, "chien", "animaux", true},
		{FR, "chat", "chien", false},
		{EN, "refund", "reimburse", true},
		{DE, "pfingstmontag", "feiertagen", true},
		{DE, "pfingstmontag", "ostermontag", false},
	}
	for _, c := range cases {
		if got := has(c.lang, c.a, c.b); got != c.want {
			t.Errorf("%s: %q matches %q = %v, want %v", c.lang, c.a, c.b, got, c.want)
		}
	}
}

func TestPriceQuestion(t *testing.T) {
	cases := []struct {
		q    string
		want bool
	}{
		{"how much is a full groom", true},
		{"how much does shipping cost", true},
		{"how much time does it take", false},
		{"combien coûte un appel", true},
		{"combien de temps pour la livraison", false},
		{"c'est combien une séance d'initiation ?", true},
		{"je suis une femme, c'est combien de dons max par an", false}, // a count
		{"cuanto hay que dejar de señal", true},
		{"cuanto tardais en preparar el pedido", false},
		{"cada cuanto cambian las toallas", false},
		{"was kostet die jahreskarte", true},
		{"wie lange dauert es", false},
		{"cuánto cuesta la matrícula", true},
		{"cuanto tarda el envío", false},
		{"et pour mon petit de 5 ans vous prenez combien ?", true},
		{"vous prenez combien de temps pour une réparation", false},
		{"je résilie au bout de 3 mois je paie combien", false}, // may ask for months
		{"el bebe de 2 años paga?", true},
		{"los niños pagan entrada?", true},
		{"se paga con tarjeta?", false},
		{"quien paga la devolucion", false},
		{"mi hija tiene 12 años, paga como adulta?", false},
	}
	for _, c := range cases {
		if got := priceQuestion(words(strings.ToLower(c.q))); got != c.want {
			t.Errorf("priceQuestion(%q) = %v, want %v", c.q, got, c.want)
		}
	}
}

func TestStatesPrice(t *testing.T) {
	cases := []struct {
		text string
		want bool
	}{
		{"Shipping is 4.90 EUR.", true},
		{"Delivery is free over 50 euros.", true},
		{"Für jeden angefangenen Tag berechnen wir den üblichen Tagesmietpreis.", true},
		{"La carte est gratuite.", true},
		{"A late fee is added.", true},
		{"A full brush out, shampoo and conditioner, nail trimming.", false},
		{"Oui : licenciement, déménagement à l'étranger, maladie.", false},
		{"Es un test de 30 preguntas.", false},
	}
	for _, c := range cases {
		if got := statesPrice(c.text); got != c.want {
			t.Errorf("statesPrice(%q) = %v, want %v", c.text, got, c.want)
		}
	}
}

func TestAges(t *testing.T) {
	for _, c := range []struct {
		text         string
		states, asks bool
	}{
		{"Children under 13 must be supervised by an adult.", true, true},
		{"Il faut avoir plus de 6 ans pour embarquer.", true, true},
		{"Sind Kinder bis 12 Jahre dabei, spielt ein Erwachsener mit.", true, true},
		{"All training equipment is for adults only.", true, false},          // a rule for an age group, no age asked
		{"Unsere Gutscheine gelten 3 Jahre ab dem Kaufdatum.", false, false}, // years, but no one's age
		{"We charge $5 an hour for kids.", true, false},                      // kids: an age group; "$5 an hour" is no age
		{"mon fils a 8 ans il se met où dans le bateau", true, true},         // the question's own number
		{"ist die waldhütte was für meine 14 jährige tochter", true, true},
		{"mein neffe ist 11, darf der mit uns spielen?", true, true},
		{"tengo 17 puedo empezar ya", false, true},                // the asker's own age
		{"i'm 5 minutes late, can i still come in", false, false}, // minutes, not years
		{"wie alt muss man sein", false, true},
		{"edad mínima para una autocaravana", false, true},
		{"mein gutschein ist von vor 2 jahren, gilt der noch", false, false},
		{"et pour mon petit de 5 ans vous prenez combien ?", true, true}, // a little one's age, with its unit
		{"el peque tiene 2 años, paga entrada?", true, true},
		{"on vient en petit groupe de 5, il y a un tarif ?", false, false}, // a count
	} {
		ws := words(strings.ToLower(c.text))
		if got := statesAge(ws); got != c.states {
			t.Errorf("statesAge(%q) = %v, want %v", c.text, got, c.states)
		}
		if got := asksAge(ws); got != c.asks {
			t.Errorf("asksAge(%q) = %v, want %v", c.text, got, c.asks)
		}
	}
}

func TestClockTimes(t *testing.T) {
	for _, c := range []struct {
		text string
		want bool
	}{
		{"Spieltermine gibt es nur um 14:00, 16:00 und 18:00 Uhr.", true},
		{"We are open from 9am to 6pm.", true},
		{"Appointments: 10.00am – 12.00pm", true},
		{"Ouvert de 9h à 18h.", true},
		{"Cours à 18h30 le mardi.", true},
		{"Dimanche 14 juillet – 9h-18h", true}, // a range of hours
		{"24h à l'avance", false},
		{"Abrimos a las 9.", true},
		{"kann man auch um 15 uhr spielen", true},
		{"Kids under 4 need 1:1 supervision.", false},        // a ratio
		{"Annulation 24h à l'avance.", false},                // a duration
		{"A wash costs 10.00 EUR.", false},                   // a price
		{"innerhalb von 15 Minuten nach der Uhrzeit", false}, // minutes
		{"ma fille a 14 ans", false},
		{"cuanto cuesta una lavadora de 19 kilos", false},
		{"puedo venir a las 2 clases", false},
	} {
		if got := clockTimes.MatchString(strings.ToLower(c.text)); got != c.want {
			t.Errorf("clockTimes(%q) = %v, want %v", c.text, got, c.want)
		}
	}
	if got := clockWords("kann man auch um 15 uhr spielen"); !got["15"] || !got["uhr"] || got["um"] {
		t.Errorf("clockWords = %v", got)
	}
}

func TestHoursAndClockQuestions(t *testing.T) {
	cases := []struct {
		q            string
		clock, hours bool
	}{
		{"what time do you open", true, true},
		{"à quelle heure vous ouvrez", true, true},
		{"a que hora cerrais", true, true},
		{"um wie viel uhr sollen wir da sein", true, false},
		{"wann hat der zoo geöffnet", false, true},
		{"are you open on sundays", false, true},
		{"abris los domingos", false, true},
		{"horarios?", false, true},
		{"when are you open", false, true},
		{"ou rendre les livres quand c'est fermé", false, false},
		{"j'ai une huile que j'ai pas ouverte", false, false},
		{"how many hours does it take", false, false},
	}
	for _, c := range cases {
		ws := words(c.q)
		if got := asksClock(ws); got != c.clock {
			t.Errorf("asksClock(%q) = %v, want %v", c.q, got, c.clock)
		}
		if got := asksHours(ws); got != c.hours {
			t.Errorf("asksHours(%q) = %v, want %v", c.q, got, c.hours)
		}
	}
	texts := []struct {
		text, heading string
		clock, hours  bool
	}{
		{"Abrimos todos los días de 8:00 a 22:00.", "", true, true},
		{"Du 1er juillet au 31 août : 11h-19h", "Horaires d'été", true, true},
		{"Du 1er juillet au 31 août : 11h-19h", "Tarifs", true, false},
		{"La salida es a las doce del mediodía.", "", true, false},
		{"Te recomendamos llegar 10 minutos antes.", "", true, false},
		{"Please plan to leave your dog with us for 2 to 6 hours.", "Opening hours", false, false},
		{"Seasonal cakes can be ordered for the same day. Every other cake needs notice.", "When are you open?", false, false},
		{"Nous sommes ouverts 7 jours sur 7.", "", false, true},
		{"Wir haben montags bis freitags geöffnet.", "", false, true},
		{"Si recibimos el pedido antes de las 17:00h lo entregamos ese mismo día.", "Entregas", true, false},
		{"Der Nebeneingang ist geschlossen.", "", false, false},
		{"Pagayer longtemps fait monter le rythme cardiaque.", "", false, false},
	}
	for _, c := range texts {
		if got := statesClock(c.text); got != c.clock {
			t.Errorf("statesClock(%q) = %v, want %v", c.text, got, c.clock)
		}
		if got := statesHours(c.text, c.heading); got != c.hours {
			t.Errorf("statesHours(%q, %q) = %v, want %v", c.text, c.heading, got, c.hours)
		}
	}
}

// Everyday wordings of customers and pages meet: a question word finds the
// page's word in the document's own text.
func TestEverydayWordings(t *testing.T) {
	cases := []struct{ lang, question, doc string }{
		{EN, "do you take personal cheques", "We do not accept personal checks."},
		{EN, "is the place monitored", "Cameras record video 24 hours a day."},
		{EN, "do you provide a padlock", "Only one lock is allowed per door."},
		{EN, "how far ahead should i book", "Book at least 2 weeks in advance."},
		{EN, "can i vape inside", "E-cigarettes are not allowed."},
		{FR, "je peux laisser mon manteau", "Le vestiaire est fermé."},
		{FR, "je peux prendre rdv", "Les rendez-vous se prennent en ligne."},
		{DE, "wo bleibt meine jacke", "Die Garderobe ist unbewacht."},
		{DE, "wann muss ich nach der op bezahlen", "Nach Operationen zahlen Sie bei der Abholung."},
		{DE, "mein hamster, worin soll ich den bringen", "Kleine Heimtiere bringen Sie in einer Box."},
		{ES, "puedo lavar el nordico", "Las máquinas grandes son para edredones."},
		{ES, "las maquinas huelen mal", "No pasan olores de un cliente a otro."},
		{ES, "hay algun descuento", "Familias: a partir del segundo miembro de la misma familia la cuota mensual se reduce 5 €."},
		{EN, "can you fix electric bikes", "We also service e-bikes."},
		{EN, "my son has the flu, do we pay", "We do not charge for a lesson missed through illness."},
		{DE, "ich bin erkältet, was nun", "Bei Krankheit sagen Sie den Termin bitte telefonisch ab."},
		{DE, "mein gutschein ist 3 jahre alt, gilt der noch", "Unsere Geschenkgutscheine sind zeitlich unbegrenzt gültig."},
		{ES, "puedo entrenar con vaqueros y botas", "Es imprescindible usar ropa y calzado deportivo adecuado."},
		{ES, "el precio ya lleva el iva", "El importe del pedido es el precio total con impuestos incluidos."},
		{DE, "ist am pfingstmontag training", "An gesetzlichen Feiertagen findet kein Training statt."},
		{DE, "wer zahlt das porto", "Wir übernehmen die kompletten Versandkosten für den Hin- und Rückversand."},
		{FR, "s'il neige, le cours a lieu ?", "Nous annulons un cours uniquement si la météo rend la pratique impossible."},
	}
	for _, c := range cases {
		b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Content: c.doc, Version: "1"}})
		a := b.Ask(c.question)
		if len(a.Passages) == 0 || a.Passages[0].Text != c.doc {
			t.Errorf("%s: %q finds %+v, want %q", c.lang, c.question, a.Passages, c.doc)
		}
	}
}

func TestTemperatureQuestions(t *testing.T) {
	for q, want := range map[string]bool{
		"wie heiß ist die finnische sauna":   true,
		"what temperature is the pool":       true,
		"quelle est la température de l'eau": true,
		"is the pool heated":                 false,
		"it's hot, can i take my shirt off":  false,
	} {
		if got := asksTemperature(words(q)); got != want {
			t.Errorf("asksTemperature(%q) = %v, want %v", q, got, want)
		}
	}
	for text, want := range map[string]bool{
		"Die finnische Sauna hat 90 °C.":                    true,
		"The pool is kept at 28 degrees.":                   true,
		"Wenn Ihnen zu heiß wird, verlassen Sie die Sauna.": false,
		"Nach 2 Grad Unterschied":                           true,
	} {
		if got := statesTemperature(text); got != want {
			t.Errorf("statesTemperature(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestDurations(t *testing.T) {
	for q, want := range map[string]bool{
		"how long do i leave her for the trial": true, "un bon cadeau est valable combien de temps ?": true,
		"wie lange kann ich meine 10er karte benutzen": true, "cuanto tiempo tardais": true, "how many days do i have to return it": true,
		"combien de jours pour renvoyer un article": true, "wie viele tage vorher": true,
		"how much is a day pass": false, "combien de places par commande": false, "wann habt ihr offen": false,
	} {
		if got := asksDuration(words(strings.ToLower(q))); got != want {
			t.Errorf("asksDuration(%q) = %v, want %v", q, got, want)
		}
	}
	for text, want := range map[string]bool{
		"We will come back to you with a quote within 1-2 business days.": true,
		"Sie gilt vier Monate.": true, "Unsere Gutscheine sind zeitlich unbegrenzt gültig.": true,
		"Le bon est valable un an.": true, "La sesión dura 90 minutos.": true,
		"Sortez vos fromages du réfrigérateur une petite heure avant de les servir.":    true,
		"Every dog spends a trial day with us so our staff can see how they get along.": false,
		"Le bon est considéré comme utilisé : il n'est alors plus valable.":             false,
	} {
		if got := statesDuration(text); got != want {
			t.Errorf("statesDuration(%q) = %v, want %v", text, got, want)
		}
	}
	b := NewLibrary(1 << 20).Base([]Source{{ID: "d", Content: "# Daycare\n\n## Trial day\n\nBefore joining, every dog spends a trial day with us. There is a one-time charge of $32.\n\n" +
		"## Opening hours\n\nMonday to Friday, 7:00 am to 6:30 pm.\n\n## Vaccinations\n\nAll dogs must be vaccinated against rabies.\n", Version: "1"}})
	if a := b.Ask("how long do i leave her for the trial day"); a.Answered {
		t.Errorf("a passage without a length of time answered a duration question: %q", a.Text)
	}
}

func TestPaymentMeans(t *testing.T) {
	for text, want := range map[string]bool{
		"Wir akzeptieren Visa, Mastercard, American Express, Maestro, Diners und PayPal.": true,
		"Par chèque ou par virement.": true, "Le paiement en ligne se fait uniquement par carte bancaire.": true,
		"Bitte zahlen Sie mit EC-Karte.": true, "Aceptamos tarjetas de crédito y débito.": true,
		"Die 10er-Karten müsst ihr innerhalb von 4 Monaten nutzen.": false, "Gift cards never expire.": false,
	} {
		if got := statesPayment(text); got != want {
			t.Errorf("statesPayment(%q) = %v, want %v", text, got, want)
		}
	}
	for q, want := range map[string]bool{
		"kann ich mit paypal zahlen": true, "do you take amex": true, "vous prenez les cheques ou le liquide ?": true,
		"puedo pagar en efectivo cada mes": true, "how much do i pay for a lesson": false, "wie lange gilt die 10er karte": false,
	} {
		if got := asksPayment(words(strings.ToLower(q))); got != want {
			t.Errorf("asksPayment(%q) = %v, want %v", q, got, want)
		}
	}
	de := NewLibrary(1 << 20).Base([]Source{{ID: "h", Content: "# Hotel\n\n## Babybett\n\nKinder unter 2 Jahren zahlen für ein Babybett nichts. Ältere Kinder zahlen 10,00 EUR pro Nacht.\n\n" +
		"## An der Rezeption\n\nWir akzeptieren Visa, Mastercard, American Express, Maestro, Diners und PayPal.\n\n## Anreise\n\nDie Zimmer sind ab 15:00 Uhr bezugsfertig.\n\n" +
		"## Parken\n\nDie Tiefgarage kostet 12 EUR pro Tag. Man zahlt an der Rezeption.\n\n" +
		"## Haustiere\n\nFür Hunde zahlt man 15 EUR pro Nacht.\n\n## Spätabreise\n\nWer nach 12 Uhr abreist, zahlt 30 EUR.\n\n" +
		"## Frühstück\n\nDas Frühstück gibt es von 7 bis 10 Uhr.\n\n## Sauna\n\nDie Sauna ist von 16 bis 21 Uhr geöffnet.\n", Version: "1"}})
	for q, want := range map[string]string{"kann ich mit paypal zahlen": "PayPal", "nehmt ihr amex": "American Express"} {
		if a := de.Ask(q); !a.Answered || !strings.Contains(a.Text, want) {
			t.Errorf("Ask(%q) = %v %q (score %.2f), want the means of payment", q, a.Answered, a.Text, a.Score)
		}
	}
}

// TestFitAge: how an age fits the age a passage states: in its range, above
// its lower limit, below its upper one, and how far from the nearest end.
func TestFitAge(t *testing.T) {
	for _, c := range []struct {
		text string
		age  int
		want ageFit
	}{
		{"Âge : à partir de 3 ans", 5, ageFit{fits: true, gap: 2}},
		{"Âge : à partir de 10-11 ans et adultes", 14, ageFit{fits: true, gap: 4}},
		{"Âge : à partir de 10-11 ans et adultes", 5, ageFit{gap: 5, limit: true}},
		{"enfants de 4 à 7 ans", 5, ageFit{fits: true, gap: 1}},
		{"Kinder von 6–12 Jahren", 13, ageFit{gap: 1}},
		{"A junior is anyone aged 17 or younger.", 16, ageFit{fits: true, gap: 1}},
		{"We host parties for children ages 3 and up.", 2, ageFit{gap: 1, limit: true}},
		{"Alcohol is only sold to customers over the age of 18.", 17, ageFit{gap: 1, limit: true}},
		{"ages 3 to 5", 4, ageFit{fits: true, gap: 1}},
		{"children under 13", 8, ageFit{fits: true, gap: 5}},
		{"los niños menores de 4 años", 2, ageFit{fits: true, gap: 2}},
		{"enfants de moins de 6 ans", 7, ageFit{gap: 1, limit: true}},
		{"kids 12 years old", 12, ageFit{fits: true}},
		{"kids 12 years old", 10, ageFit{gap: 2}},
	} {
		ws := words(strings.ToLower(c.text))
		at := agesAt(ws)
		if len(at) == 0 {
			t.Errorf("agesAt(%q): no age", c.text)
			continue
		}
		if got := fitAge(ws, at[0], c.age); got != c.want {
			t.Errorf("fitAge(%q, %d) = %+v, want %+v", c.text, c.age, got, c.want)
		}
	}
}
