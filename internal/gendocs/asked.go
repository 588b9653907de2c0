package gendocs

import (
	"regexp"
	"strings"
)

// More facts a customer asks with a question word rather than yes or no:
// a price ("Una semana de curso cuesta 210€" asks "¿Cuánto cuesta una
// semana de curso?"), a start or end date ("The season starts on June
// 24" asks "When does the season start?") and an audience ("El curso
// está pensado para quienes …" asks "¿Para quién está pensado el
// curso?"). Each asks about the rule's subject (askedSubject), as the
// duration and capacity questions do.

// moneyAmount is a price: a currency sign or word beside a number
// ("CHF 40.-" with the word first).
const moneyAmount = `(?:[$£€]\s?\d+(?:[.,]\d+)?|(?i:chf|eur|usd|gbp)\s?\d+(?:[.,]\d+|,-|\.-)?|\d+(?:[.,]\d+|,-|\.-)?\s?(?:€|\$|£|EUR\b|USD\b|GBP\b|CHF\b|euros?\b|Euro\b|dollars?\b|pounds?\b))`

var priceRe = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^` + durationSubject + `\s+(costs|cost|is|are)\s+(?:only\s+|just\s+|from\s+)?` + moneyAmount),
	langFR: regexp.MustCompile(`^` + durationSubject + `\s+(coûte|coûtent)\s+(?:seulement\s+|à partir de\s+)?` + moneyAmount),
	langDE: regexp.MustCompile(`^` + durationSubject + `\s+(kostet|kosten|beträgt|betragen)\s+(?:nur\s+|ab\s+|jeweils\s+)?` + moneyAmount),
	langES: regexp.MustCompile(`^` + durationSubject + `\s+(cuesta|cuestan|vale|valen)\s+(?:solo\s+|sólo\s+|desde\s+)?` + moneyAmount),
}

// priceQuestion asks what the subject of a rule costs, or "".
func priceQuestion(lang, body string) string {
	m, subj := askedMatch(priceRe, lang, body)
	if m == nil {
		return ""
	}
	verb := m[2]
	switch lang {
	case langEN:
		switch verb {
		case "costs":
			return "How much does " + toCustomer(subj) + " cost?"
		case "cost":
			return "How much do " + toCustomer(subj) + " cost?"
		}
		return "How much " + verb + " " + toCustomer(subj) + "?"
	case langFR:
		return "Combien " + verb + " " + subj + " ?"
	case langDE:
		switch verb {
		case "beträgt": // "Der Teilnahmebeitrag beträgt 425,- €"
			return "Wie hoch ist " + swapWords(subj, deOurs) + "?"
		case "betragen":
			return "Wie hoch sind " + swapWords(subj, deOurs) + "?"
		}
		return "Was " + verb + " " + swapWords(subj, deOurs) + "?"
	case langES:
		return "¿Cuánto " + verb + " " + subj + "?"
	}
	return ""
}

// A date: a day of a month, a month, or a day of the week, in the four
// languages.
const (
	months   = `(?:january|february|march|april|may|june|july|august|september|october|november|december|janvier|février|mars|avril|mai|juin|juillet|août|septembre|octobre|novembre|décembre|januar|februar|märz|april|juni|juli|oktober|dezember|enero|febrero|marzo|abril|mayo|junio|julio|agosto|septiembre|setiembre|octubre|noviembre|diciembre)`
	weekdays = `(?:mondays?|tuesdays?|wednesdays?|thursdays?|fridays?|saturdays?|sundays?|lundis?|mardis?|mercredis?|jeudis?|vendredis?|samedis?|dimanches?|montags?|dienstags?|mittwochs?|donnerstags?|freitags?|samstags?|sonntags?|lunes|martes|miércoles|jueves|viernes|sábados?|domingos?)`
	aDate    = `(?i:(?:the\s+)?\d{1,2}(?:st|nd|rd|th|er|\.)?\s*(?:of\s+|de\s+)?` + months + `|` + months + `(?:\s+\d{1,2}(?:st|nd|rd|th)?)?|` + weekdays + `)\b`
)

var startRe = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^` + durationSubject + `\s+(starts|start|begins|begin|opens|open|ends|end|closes|close|runs|run)\s+(?:on\s+|in\s+|from\s+|every\s+)?` + aDate),
	langFR: regexp.MustCompile(`^` + durationSubject + `\s+(commence|commencent|débute|débutent|ouvre|ouvrent|se termine|se terminent|finit|finissent|a lieu|ont lieu)\s+(?:le\s+|les\s+|du\s+|en\s+|au mois d[e']\s*|à partir du\s+|chaque\s+)?` + aDate),
	langDE: regexp.MustCompile(`^` + durationSubject + `\s+(beginnt|beginnen|startet|starten|endet|enden|öffnet|öffnen)\s+(?:am\s+|im\s+|ab\s+|vom\s+|jeden\s+)?` + aDate),
	langES: regexp.MustCompile(`^` + durationSubject + `\s+(empieza|empiezan|comienza|comienzan|termina|terminan|abre|abren|se celebra|se celebran)\s+(?:el\s+|los\s+|en\s+|a partir del?\s+|desde el\s+|cada\s+)?` + aDate),
}

// startQuestion asks when the subject of a rule starts (ends, opens, …),
// or "".
func startQuestion(lang, body string) string {
	m, subj := askedMatch(startRe, lang, body)
	if m == nil {
		return ""
	}
	return verbQuestion(lang, when, m[2], subj, enBase)
}

// when opens a question on when, per language.
var when = map[string]string{langEN: "When", langFR: "Quand", langDE: "Wann", langES: "¿Cuándo"}

var audienceRe = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^` + durationSubject + `\s+(is|are)\s+(?:designed|intended|meant|made|suitable|ideal|perfect)\s+for\s`),
	langFR: regexp.MustCompile(`^` + durationSubject + `\s+((?:s'|s’)adressen?t?|(?:est|sont)\s+(?:destiné|conçu|pensé|réservé)e?s?)\s+(à|aux|pour)\s`),
	langDE: regexp.MustCompile(`^` + durationSubject + `\s+(richtet sich|richten sich)\s+(an)\s`),
	langES: regexp.MustCompile(`^` + durationSubject + `\s+((?:está|están)\s+(?:pensad|dirigid|destinad|orientad|diseñad)[oa]s?)\s+(para|a)\s`),
}

// audienceQuestion asks whom the subject of a rule is for, or "".
func audienceQuestion(lang, body string) string {
	m, subj := askedMatch(audienceRe, lang, body)
	if m == nil {
		return ""
	}
	switch lang {
	case langEN:
		return "Who " + m[2] + " " + toCustomer(subj) + " for?"
	case langFR:
		who := "À qui"
		if m[3] == "pour" {
			who = "Pour qui"
		}
		return who + " " + m[2] + " " + subj + " ?"
	case langDE:
		return "An wen " + m[2] + " " + swapWords(subj, deOurs) + "?"
	case langES:
		who := "¿Para quién"
		if m[3] == "a" {
			who = "¿A quién"
		}
		return who + " " + m[2] + " " + subj + "?"
	}
	return ""
}

// A thing done within a stated time ("Refunds are processed within 14
// days", "Bestellungen werden innerhalb von 24 Stunden verschickt", "Los
// pedidos se envían en un plazo de 48 horas") is asked how soon.
var soonRe = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^` + durationSubject + `\s+(is|are)\s+(?:usually\s+|normally\s+|typically\s+)?(\p{L}+ed|sent|paid|done|made|given|seen)\s+within\s+` + durationAmount + `\b[^.;]{0,25}?\b(?:minutes?|hours?|days?|weeks?|months?)\b`),
	langDE: regexp.MustCompile(`^` + durationSubject + `\s+(wird|werden)\s+(?:in der Regel\s+)?innerhalb\s+(?:von\s+)?` + durationAmount + `\b[^.;]{0,25}?\b(?:Minuten|Stunden|Tagen|Werktagen|Wochen|Monaten)\s+(\p{Ll}+)$`),
	langES: regexp.MustCompile(`^` + durationSubject + `\s+(se\s+\p{L}+)\s+(?:en un plazo de|en|dentro de)\s+(?:unos\s+|unas\s+|máximo\s+)?` + durationAmount + `\b[^.;]{0,25}?\b(?:minutos|horas|días|semanas|meses)\b`),
}

// soonQuestion asks how soon the subject of a rule is done, or "".
func soonQuestion(lang, body string) string {
	m, subj := askedMatch(soonRe, lang, body)
	if m == nil {
		return ""
	}
	switch lang {
	case langEN:
		return "How soon " + m[2] + " " + toCustomer(subj) + " " + m[3] + "?"
	case langDE:
		return "Wie schnell " + m[2] + " " + swapWords(subj, deOurs) + " " + m[3] + "?"
	case langES:
		return "¿En qué plazo " + m[2] + " " + subj + "?"
	}
	return ""
}

// An instruction to give notice ("Allow a minimum of 24 hours to
// reschedule or cancel your appointment", "Please give us 48 hours'
// notice for cancellations") asks how much notice.
var noticeRe = regexp.MustCompile(`^(?i:please\s+)?(?i:allow|give(?:\s+us)?|provide)\s+(?i:(?:a minimum of|at least|minimum|a full)\s+)?(?:\d+|twenty-four|forty-eight|seventy-two|one|two|three|seven)[\s-]*(?i:hours?|days?|weeks?|business days?)(?:['’]s?)?\s+(?i:(?:of\s+)?(?:advance\s+)?notice\s+)?(to|for|if you (?:need|want|wish) to|when you)\s+(.{3,80})$`)

// noticeFor names what notice is given for.
var noticeFor = regexp.MustCompile(`(?i)\b(?:cancel|reschedul|chang|amend|modif|postpon|move|book|reserv)`)

// noticeQuestion asks how much notice an instruction asks for, or "".
func noticeQuestion(lang, body string) string {
	if lang != langEN {
		return ""
	}
	m := noticeRe.FindStringSubmatch(body)
	if m == nil || !noticeFor.MatchString(m[2]) {
		return "" // "Allow 2 hours for the treatment" is a duration
	}
	link := strings.ToLower(m[1])
	switch {
	case strings.HasPrefix(link, "if you"):
		link = "to"
	case link == "when you":
		link = "when I"
	}
	return "How much notice do I need to give " + link + " " + toCustomer(m[2]) + "?"
}

// A deadline ("The balance must be paid 14 days before the course", "Die
// Kursgebühren sind spätestens 14 Tage vor Kursbeginn zu bezahlen", "La
// cuota debe estar pagada antes del día 7") asks when, not whether.
var deadlineRe = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^` + durationSubject + `\s+(must|has to|have to|should|needs to|need to)\s+be\s+(\p{Ll}+ed|paid|made|done|sent|given|received)\s+(?:no later than|at the latest|at least|before|by|prior to|within|up to)\b`),
	langDE: regexp.MustCompile(`^` + durationSubject + `\s+(ist|sind)\s+(?:bis\s+)?(?:spätestens|bis zum|bis zur|vor|innerhalb)\b[^,;]{2,60}?\s(zu\s+\p{Ll}+|\p{Ll}+zu\p{Ll}+)$`),
	langES: regexp.MustCompile(`^` + durationSubject + `\s+(debe|deben)\s+(?:estar|ser)\s+(\p{Ll}+ad[oa]s?)\s+(?:antes|como máximo|a más tardar|hasta)\b`),
}

// deadlineQuestion asks when the subject of a rule is due, or "".
func deadlineQuestion(lang, body string) string {
	m, subj := askedMatch(deadlineRe, lang, body)
	if m == nil {
		return ""
	}
	switch lang {
	case langEN:
		aux, verb := m[2], ""
		switch m[2] {
		case "has to":
			aux, verb = "does", " have to"
		case "needs to":
			aux, verb = "does", " need to"
		case "have to", "need to":
			aux, verb = "do", " "+m[2]
		}
		return "When " + aux + " " + toCustomer(subj) + verb + " be " + m[3] + "?"
	case langDE:
		return "Wann " + m[2] + " " + swapWords(subj, deOurs) + " " + m[3] + "?"
	case langES:
		verb := strings.TrimRight(m[3], "s")
		verb = verb[:len(verb)-3] + "ar" // "pagada" → "pagar"
		return "¿Cuándo hay que " + verb + " " + subj + "?"
	}
	return ""
}

// An English yes/no question that restates a quantity ("Are holds kept
// for 7 days at the pickup desk?", "Can I renew an item up to 3 times?",
// "Can I place up to 15 holds at a time?") asks it instead: "How long are
// holds kept at the pickup desk?", "How many times can I renew an item?",
// "How many holds can I place at a time?".
var (
	enNumber     = `(?:\d+|one|two|three|four|five|six|seven|eight|nine|ten|twelve|fifteen|twenty|thirty)`
	enForLong    = regexp.MustCompile(`^(Is|Are|Can|Must|Will|Should) (\S.*?) for (?:up to |at most |a maximum of |at least )?` + enNumber + ` (?:days?|weeks?|months?|years?|hours?|minutes?)\b(.*)\?$`)
	enUpToTimes  = regexp.MustCompile(`^(Can|May|Will) (\S.*?) up to ` + enNumber + ` times\b(.*)\?$`)
	enUpToThings = regexp.MustCompile(`^(Can|May) (I|we|you) (\p{Ll}+) up to ` + enNumber + ` (\p{Ll}+s)\b(.*)\?$`)
)

// quantityQuestion asks the quantity an English yes/no question restates,
// or returns q.
func quantityQuestion(q string) string {
	if m := enForLong.FindStringSubmatch(q); m != nil {
		return "How long " + strings.ToLower(m[1]) + " " + m[2] + m[3] + "?"
	}
	if m := enUpToTimes.FindStringSubmatch(q); m != nil {
		return "How many times " + strings.ToLower(m[1]) + " " + m[2] + m[3] + "?"
	}
	if m := enUpToThings.FindStringSubmatch(q); m != nil {
		return "How many " + m[4] + " " + strings.ToLower(m[1]) + " " + m[2] + " " + m[3] + m[5] + "?"
	}
	return q
}

// A rule opened by its purpose ("Para confirmar una reserva, hay que hacer
// un depósito del 50%", "To confirm your booking, you need to pay a
// deposit", "Pour réserver, il faut …", "Um einen Termin zu buchen, …")
// asks what to do for it.
var purposeRe = map[string]*regexp.Regexp{
	langEN: regexp.MustCompile(`^To (\p{Ll}+(?:\s+[^,]{2,60})?),\s+(?:you (?:need to|must|have to|should)|please|simply|just)\s`),
	langFR: regexp.MustCompile(`^Pour (\p{Ll}+(?:\s+[^,]{2,60})?),\s+(?:il (?:faut|suffit de)|vous devez|veuillez|merci de)\s`),
	langDE: regexp.MustCompile(`^Um ([^,]{2,60}?\s+zu\s+\p{Ll}+),\s+(?:müssen Sie|ist|sind|bitte|brauchen Sie)\s`),
	langES: regexp.MustCompile(`^Para (\p{Ll}+(?:\s+[^,]{2,60})?),\s+(?:hay que|debes|debe|deben|es necesario|tienes que|tiene que|solo hay que|basta con)\s`),
}

// purposeQuestion asks what to do for the purpose a rule opens on, or "".
func purposeQuestion(lang, body string) string {
	m := matchIn(purposeRe, lang, body)
	if m == nil {
		return ""
	}
	switch lang {
	case langEN:
		return "What do I need to do to " + toCustomer(m[1]) + "?"
	case langFR:
		return "Que faut-il faire pour " + swapWords(m[1], map[string]string{"votre": "ma", "vos": "mes"}) + " ?"
	case langDE:
		return "Was muss ich tun, um " + swapWords(m[1], map[string]string{"Ihren": "meinen", "Ihre": "meine", "Ihr": "mein", "Ihrem": "meinem"}) + "?"
	case langES:
		return "¿Qué hay que hacer para " + swapWords(m[1], map[string]string{"tu": "mi", "tus": "mis", "su": "mi", "sus": "mis"}) + "?"
	}
	return ""
}

// askedMatch is the submatches of the language's expression of res in a
// rule whose subject names something to ask about, and that subject as a
// question puts it (askedSubject); nil when there is none, or when the
// subject holds the rule's modal verb ("Each student may have …").
func askedMatch(res map[string]*regexp.Regexp, lang, body string) ([]string, string) {
	m := matchIn(res, lang, body)
	if m == nil || hasModal(m[1]) {
		return nil, ""
	}
	subj, ok := askedSubject(lang, m[1])
	if !ok {
		return nil, ""
	}
	return m, subj
}

// hasModal says whether a subject the patterns took holds a modal verb,
// the rule's real verb ("Each student may have …").
func hasModal(subj string) bool {
	for _, w := range strings.Fields(strings.ToLower(subj)) {
		if subjectModals[w] {
			return true
		}
	}
	return false
}

// A rule stated impersonally ("It is mandatory to wear a helmet", "Il est
// interdit de fumer dans les chambres", "Es obligatorio llevar casco",
// "Es ist nicht gestattet, im Fahrzeug zu rauchen", "Se aceptan tarjetas
// de crédito") asks whether one must, may or should do the thing: "Do I
// need to wear a helmet?", "Peut-on fumer dans les chambres ?", "¿Es
// obligatorio llevar casco?", "Darf ich im Fahrzeug rauchen?", "¿Se
// aceptan tarjetas de crédito?". An opening phrase before a comma ("En
// cualquier caso, …") is the answer's.
var (
	impOpener = `^(?:[^,;:]{2,40},\s+)?`
	// (Spanish puts the case before the verb without a comma too: "En
	// las motos es imprescindible …")
	esImpOpener = `^(?:(?:En|Para|Durante|Con|Desde)\s[^,;:]{2,40}?,?\s+|[^,;:]{2,40},\s+)?`
	enImp       = regexp.MustCompile(impOpener + `(?:[Ii]t is|[Ii]t's)\s+(?:not\s+)?(?:strictly\s+|absolutely\s+)?(mandatory|compulsory|required|necessary|essential|obligatory|forbidden|prohibited|allowed|permitted|possible|recommended|advisable)\s+(?:for (?:you|guests|customers|clients|visitors|participants) )?to\s+(\p{Ll}.{3,})$`)
	frImp       = regexp.MustCompile(impOpener + `[Ii]l\s+(?:est|sera|n['’]est pas|ne sera pas)\s+(?:(?:strictement|formellement|absolument|pas)\s+)?(obligatoire|nécessaire|indispensable|impératif|interdit|autorisé|permis|possible|conseillé|recommandé|déconseillé|préférable)\s+(?:de\s+|d['’])(\p{Ll}.{3,})$`)
	esImp       = regexp.MustCompile(esImpOpener + `(?:[Ee]s|[Ss]erá|[Ee]stá|[Rr]esulta|[Nn]o es|[Nn]o está)\s+(?:(?:absolutamente|totalmente|estrictamente|terminantemente)\s+)?(obligatori[oa]|imprescindible|necesari[oa]|indispensable|prohibido|permitido|posible|recomendable|aconsejable)\s+(\p{Ll}+(?:ar|er|ir)\b.{3,})$`)
	esSe        = regexp.MustCompile(esImpOpener + `[Ss]e\s+(\p{Ll}{3,}(?:an|en|arán|erán|irán))\s+(\p{Ll}.{3,})$`)
	deImp       = regexp.MustCompile(impOpener + `[Ee]s ist\s+(?:nicht\s+)?(?:ausdrücklich\s+|strengstens\s+|streng\s+)?(Pflicht|notwendig|erforderlich|nötig|verboten|untersagt|gestattet|erlaubt|möglich|empfehlenswert|ratsam)\s*,\s+(.{3,}?)\s+(?:zu\s+(\p{Ll}+)|(\p{Ll}+zu\p{Ll}+en))$`)
	// esAmountAfter is a phrase giving an amount ("con un suplemento de
	// 10 €", "por 5 euros", "desde 20 €").
	esAmountAfter = regexp.MustCompile(`\s(?:con|por|desde|a partir de|hasta|de)\s(?:\S+\s){0,4}?\d`)
	// esSeNotAsked are verbs of the business's address to the reader, no
	// service ("Se ruega puntualidad").
	esSeNotAsked = toSet(`ruegan ruega agradecen agradece recuerdan recuerda informan informa avisan avisa advierten advierte`)
)

// impersonalQuestion is the question of a rule stated impersonally, or "".
func impersonalQuestion(lang, body string) string {
	switch lang {
	case langEN:
		if m := enImp.FindStringSubmatch(body); m != nil {
			rest := toCustomer(firstClause(m[2]))
			switch m[1] {
			case "forbidden", "prohibited", "allowed", "permitted", "possible":
				return "Can I " + rest + "?"
			case "recommended", "advisable":
				return "Should I " + rest + "?"
			}
			return "Do I need to " + rest + "?"
		}
	case langFR:
		if m := frImp.FindStringSubmatch(body); m != nil && !frSpeaksTo(m[2]) {
			rest, _, _ := strings.Cut(firstClause(m[2]), ",")
			switch m[1] {
			case "obligatoire", "nécessaire", "indispensable", "impératif":
				return "Faut-il " + rest + " ?"
			case "interdit", "autorisé", "permis", "possible":
				return "Peut-on " + rest + " ?"
			}
			return frElide("Est-il " + m[1] + " de " + rest + " ?")
		}
	case langES:
		if m := esImp.FindStringSubmatch(body); m != nil {
			rest, _, _ := strings.Cut(firstClause(m[2]), ",")
			switch m[1] {
			case "prohibido", "permitido", "posible":
				return "¿Se puede " + rest + "?"
			}
			return "¿Es " + m[1] + " " + rest + "?"
		}
		if m := esSe.FindStringSubmatch(body); m != nil && !esSeNotAsked[m[1]] {
			rest, _, _ := strings.Cut(firstClause(m[2]), ",")
			rest = strings.TrimPrefix(rest, "también ")
			if loc := esAmountAfter.FindStringIndex(rest); loc != nil && words(rest[:loc[0]]) >= 1 {
				// "Se admiten perros pequeños con un suplemento de 10 € por
				// noche" asks "¿Se admiten perros pequeños?": the amount
				// is the answer's
				rest = rest[:loc[0]]
			}
			return "¿Se " + m[1] + " " + rest + "?"
		}
	case langDE:
		if m := deImp.FindStringSubmatch(body); m != nil && !strings.Contains(m[2], ",") {
			verb := m[3]
			if verb == "" {
				verb = strings.Replace(m[4], "zu", "", 1) // "mitzubringen" → "mitbringen"
			}
			rest := swapWords(m[2], deYours)
			switch m[1] {
			case "verboten", "untersagt", "gestattet", "erlaubt":
				return "Darf ich " + rest + " " + verb + "?"
			case "möglich":
				return "Kann ich " + rest + " " + verb + "?"
			case "empfehlenswert", "ratsam":
				return "Sollte ich " + rest + " " + verb + "?"
			}
			return "Muss ich " + rest + " " + verb + "?"
		}
	}
	return ""
}

// A rule whose subject is the customer in the third person ("Le client
// doit vérifier l'état du colis …", "El cliente debe …", "Der Kunde muss
// … prüfen") is the customer's own question in the first ("Dois-je
// vérifier l'état du colis … ?", "¿Debo …?", "Muss ich … prüfen?").
var (
	customerSubject = map[string]*regexp.Regexp{
		langFR: regexp.MustCompile(`^(?:Le|La|L['’])\s*(?:client|cliente|acheteur|acheteuse|participant|participante|locataire|stagiaire|adhérent|adhérente)\s+(doit|devra|peut|pourra)\s+(\p{Ll}.{3,})$`),
		langES: regexp.MustCompile(`^(?:El|La)\s+(?:cliente|comprador|compradora|participante|arrendatario|arrendataria|usuario|usuaria|socio|socia)\s+(debe|deberá|puede|podrá)\s+(\p{Ll}.{3,})$`),
		langDE: regexp.MustCompile(`^(?:Der|Die)\s+(?:Kunde|Kundin|Käufer|Käuferin|Teilnehmer|Teilnehmerin|Mieter|Mieterin)\s+(muss|kann|darf|soll)\s+(.{3,})$`),
	}
	customerModal = map[string]string{"doit": "Dois-je", "devra": "Dois-je", "peut": "Puis-je", "pourra": "Puis-je",
		"debe": "¿Debo", "deberá": "¿Debo", "puede": "¿Puedo", "podrá": "¿Puedo",
		"muss": "Muss ich", "kann": "Kann ich", "darf": "Darf ich", "soll": "Soll ich"}
)

// customerQuestion is the question of a rule on "the customer", or "".
func customerQuestion(lang, body string) string {
	m := matchIn(customerSubject, lang, body)
	if m == nil {
		return ""
	}
	rest := strings.TrimRight(firstClause(m[2]), " ,")
	switch lang {
	case langFR:
		if frSpeaksTo(rest) {
			return ""
		}
		rest = swapWords(rest, map[string]string{"son": "mon", "sa": "ma", "ses": "mes"})
		return customerModal[m[1]] + " " + rest + " ?"
	case langES:
		return customerModal[m[1]] + " " + swapWords(rest, map[string]string{"su": "mi", "sus": "mis", "tiene": "tengo"}) + "?"
	}
	if strings.Contains(rest, ",") {
		return "" // (the verb of a German clause is last: a cut would lose it)
	}
	return customerModal[m[1]] + " " + swapWords(rest, map[string]string{"seinen": "meinen", "seine": "meine", "sein": "mein", "seinem": "meinem", "seiner": "meiner"}) + "?"
}
