package gendocs

import (
	"regexp"
	"strings"
)

// topicQuestions are the questions customers ask about the usual topics of
// a policy page, per language: a topic heading whose first rule gives no
// question of its own ("Cancellation", "Kaution", "Mascotas") asks the
// customer's question about it ("What is your cancellation policy?",
// "Muss ich eine Kaution zahlen?", "¿Se admiten mascotas?") rather than
// "What should I know about …?". The first topic whose expression matches
// the heading wins.
var topicQuestions = map[string][]struct {
	re *regexp.Regexp
	q  string
}{
	langEN: {
		{regexp.MustCompile(`(?i)^(registration|enrol?ment|sign-?up|signing up)$`), "How do I sign up?"},
		{regexp.MustCompile(`(?i)^(booking|bookings|reservations?|how to book)$`), "How do I book?"},
		{regexp.MustCompile(`(?i)^(ages?|age limits?|age requirements?|minimum age)$`), "What ages is it for?"},
		{regexp.MustCompile(`(?i)^(capacity|group size|max(imum)? capacity)$`), "How many people can come?"},
		{regexp.MustCompile(`(?i)^(rental|hire|loan) (period|duration|length|time)$`), "How long can I keep it?"},
		{regexp.MustCompile(`(?i)\blate\s+cancel|\bcancel\w*\s+late\b`), "What happens if I cancel late?"}, // not "if I am late"
		{regexp.MustCompile(`(?i)\b(late|lateness|tardiness)\b`), "What happens if I am late?"},
		{regexp.MustCompile(`(?i)\bcancel`), "What is your cancellation policy?"},
		{regexp.MustCompile(`(?i)^(booking |reservation )?confirmation\b`), "How is my booking confirmed?"},
		{regexp.MustCompile(`(?i)\brefund`), "Do you give refunds?"},
		{regexp.MustCompile(`(?i)\bdeposit`), "Do I need to pay a deposit?"},
		{regexp.MustCompile(`(?i)\bpay(ment|ing)?s?\b`), "How and when do I pay?"},
		{regexp.MustCompile(`(?i)\b(fees?|fines?|prices?|pricing|rates?)\b`), "What are your fees?"},
		{regexp.MustCompile(`(?i)check-?in|check-?out|arrival|departure`), "What are your check-in and check-out times?"},
		{regexp.MustCompile(`(?i)\b(pick[- ]?up|deliver)`), "How do pickup and delivery work?"},
		{regexp.MustCompile(`(?i)\ballerg`), "Can you cater for allergies?"},
		{regexp.MustCompile(`(?i)\b(pets?|dogs?)\b`), "Can I bring my pet?"},
		{regexp.MustCompile(`(?i)\bvaccin`), "Which vaccinations are required?"},
		{regexp.MustCompile(`(?i)\bno[- ]shows?\b`), "What happens if I do not show up?"},
		{regexp.MustCompile(`(?i)\bexceptions?\b`), "Are there any exceptions?"},
		{regexp.MustCompile(`(?i)\b(hours|opening)\b`), "When are you open?"},
		{regexp.MustCompile(`(?i)\bparking\b`), "Is there parking?"},
		{regexp.MustCompile(`(?i)\bcontracts?\b`), "How do contracts work?"},
	},
	langFR: {
		{regexp.MustCompile(`(?i)^(pré-?)?inscriptions?$`), "Comment s'inscrire ?"},
		{regexp.MustCompile(`(?i)^réservations?$`), "Comment réserver ?"},
		{regexp.MustCompile(`(?i)^(âges?|âge minimum|limite d'âge)$`), "À partir de quel âge ?"},
		{regexp.MustCompile(`(?i)^(capacité|jauge|nombre de places)$`), "Combien de personnes peuvent venir ?"},
		{regexp.MustCompile(`(?i)^durée (de la |de )?(location|prêt|mise à disposition)$`), "Combien de temps dure la location ?"},
		{regexp.MustCompile(`(?i)^(le |les |votre )?devis$`), "Comment établissez-vous le devis ?"},
		{regexp.MustCompile(`(?i)annulations?\s+tardives?|annul\w*\s+(?:en\s+)?retard`), "Que se passe-t-il si j'annule tard ?"}, // not "si je suis en retard"
		{regexp.MustCompile(`(?i)retard|tardive`), "Que se passe-t-il si je suis en retard ?"},
		{regexp.MustCompile(`(?i)annul`), "Quelles sont vos conditions d'annulation ?"},
		{regexp.MustCompile(`(?i)^confirmation\b`), "Comment ma réservation est-elle confirmée ?"},
		{regexp.MustCompile(`(?i)rembours`), "Puis-je être remboursé ?"},
		{regexp.MustCompile(`(?i)acompte|arrhes|caution`), "Faut-il verser un acompte ?"},
		{regexp.MustCompile(`(?i)paiement|règlement`), "Comment et quand dois-je payer ?"},
		{regexp.MustCompile(`(?i)tarif|prix`), "Quels sont vos tarifs ?"},
		{regexp.MustCompile(`(?i)parking|stationnement`), "Y a-t-il un parking ?"},
		{regexp.MustCompile(`(?i)arriv|départ`), "À quelle heure sont l'arrivée et le départ ?"},
		{regexp.MustCompile(`(?i)allerg|régime`), "Pouvez-vous tenir compte de mes allergies ?"},
		{regexp.MustCompile(`(?i)groupe`), "Accueillez-vous les groupes ?"},
		{regexp.MustCompile(`(?i)animaux|chiens?\b`), "Les animaux sont-ils acceptés ?"},
		{regexp.MustCompile(`(?i)fermeture|congés`), "Quand êtes-vous fermés ?"},
		{regexp.MustCompile(`(?i)horaires|ouverture`), "Quels sont vos horaires ?"},
	},
	langDE: {
		{regexp.MustCompile(`(?i)^anmeldung(en)?$`), "Wie melde ich mich an?"},
		{regexp.MustCompile(`(?i)^(buchung(en)?|reservierung(en)?)$`), "Wie buche ich?"},
		{regexp.MustCompile(`(?i)^(alter|altersgrenze|mindestalter)$`), "Ab welchem Alter?"},
		{regexp.MustCompile(`(?i)^(kapazität|teilnehmerzahl|gruppengröße)$`), "Wie viele Personen können kommen?"},
		{regexp.MustCompile(`(?i)^(mietdauer|leihdauer|mietzeit|leihfrist|ausleihdauer)$`), "Wie lange kann ich es mieten?"},
		{regexp.MustCompile(`(?i)verspät|unpünktlich`), "Was gilt, wenn ich mich verspäte?"},
		{regexp.MustCompile(`(?i)storn|kündig|rücktritt`), "Welche Stornobedingungen gelten?"},
		{regexp.MustCompile(`(?i)^(buchungs|auftrags)?bestätigung\b`), "Wie wird meine Buchung bestätigt?"},
		{regexp.MustCompile(`(?i)erstatt`), "Bekomme ich mein Geld zurück?"},
		{regexp.MustCompile(`(?i)kaution|anzahlung`), "Muss ich eine Kaution zahlen?"},
		{regexp.MustCompile(`(?i)zahlung|bezahl`), "Wie und wann bezahle ich?"},
		{regexp.MustCompile(`(?i)preis|kosten`), "Was kostet es?"},
		{regexp.MustCompile(`(?i)parkplatz|parkplätze|parken`), "Gibt es Parkplätze?"},
		{regexp.MustCompile(`(?i)anreise|abreise|check-?in`), "Wann sind An- und Abreise?"},
		{regexp.MustCompile(`(?i)öffnungszeit`), "Wann haben Sie geöffnet?"},
		{regexp.MustCompile(`(?i)zutritt|einlass`), "Wann und wie komme ich hinein?"},
		{regexp.MustCompile(`(?i)hausordnung|regeln`), "Welche Regeln gelten im Haus?"},
		{regexp.MustCompile(`(?i)haustier|hunde?\b`), "Sind Haustiere erlaubt?"},
	},
	langES: {
		{regexp.MustCompile(`(?i)^(pre)?inscripci[oó]n(es)?$`), "¿Cómo me inscribo?"},
		{regexp.MustCompile(`(?i)^reservas?$`), "¿Cómo reservo?"},
		{regexp.MustCompile(`(?i)^(edad|edades|edad mínima)$`), "¿Para qué edades es?"},
		{regexp.MustCompile(`(?i)^(aforo|capacidad|plazas)$`), "¿Cuál es el aforo?"},
		{regexp.MustCompile(`(?i)^(duración|período|periodo|plazo) (del|de) (alquiler|préstamo)$`), "¿Cuánto dura el alquiler?"},
		{regexp.MustCompile(`(?i)retras|tarde|impuntual`), "¿Qué pasa si llego tarde?"},
		{regexp.MustCompile(`(?i)cancela|anulaci`), "¿Cuáles son las condiciones de cancelación?"},
		{regexp.MustCompile(`(?i)^confirmaci[oó]n\b`), "¿Cómo se confirma la reserva?"},
		{regexp.MustCompile(`(?i)reembols|devoluci`), "¿Me devuelven el dinero?"},
		{regexp.MustCompile(`(?i)depósito|fianza|señal`), "¿Hay que pagar un depósito?"},
		{regexp.MustCompile(`(?i)pago`), "¿Cómo y cuándo se paga?"},
		{regexp.MustCompile(`(?i)precio|tarifa`), "¿Cuáles son los precios?"},
		{regexp.MustCompile(`(?i)aparcamiento|parking|estacionamiento`), "¿Hay aparcamiento?"},
		{regexp.MustCompile(`(?i)llegada|salida|check-?in`), "¿A qué hora son la llegada y la salida?"},
		{regexp.MustCompile(`(?i)mascota|perro`), "¿Se admiten mascotas?"},
		{regexp.MustCompile(`(?i)fumar|tabaco`), "¿Se puede fumar?"},
		{regexp.MustCompile(`(?i)horario`), "¿Cuál es el horario?"},
		{regexp.MustCompile(`(?i)grupo`), "¿Aceptan grupos?"},
	},
}

// topicQuestion is the customer's question about a usual topic of a policy
// page named by heading, or "".
func topicQuestionFor(lang, heading string) string {
	if _, name, ok := strings.Cut(heading, " – "); ok {
		heading = name // "Casas Rurales – Cancelación": the unit is added as the question's scope
	}
	if words(heading) > 4 {
		// a long heading ("Cancellation policy, terms and conditions for
		// general classes") titles a part of the page, not one topic
		return ""
	}
	for _, t := range topicQuestions[lang] {
		if t.re.MatchString(heading) {
			return t.q
		}
	}
	return ""
}
