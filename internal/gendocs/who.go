package gendocs

import (
	"regexp"
	"strings"
)

// A rule about the customers who do something ("Customers who arrive more
// than 15 minutes late will be charged the full fee", "Les clients qui ne
// sont pas présents … se verront facturer …", "Los clientes que no se
// presenten perderán la reserva", "Kunden, die nicht erscheinen, zahlen
// …") asks what happens if I do it. Its negation belongs to the case, so
// the question keeps it (the rule's yes/no question would turn it
// positive, and say the opposite).

// whoSubject opens such a rule, in each language: the people, then the
// relative pronoun; whoMain is where the rule's own verb starts, after
// the case.
var (
	whoSubject = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`^(?i:(?:all\s+|any\s+)?(?:customers|clients|guests|patients|students|participants|members|passengers|visitors|parents|renters|tenants|riders|players|anyone|those|people))\s+who\s+(.+)$`),
		langFR: regexp.MustCompile(`^(?i:(?:les|tous les|toutes les)\s+(?:clients|clientes|participants|participantes|passagers|personnes|élèves|patients|locataires|membres|voyageurs|joueurs|visiteurs))\s+qui\s+(.+)$`),
		langES: regexp.MustCompile(`^(?i:(?:los|las|todos los|todas las)\s+(?:clientes|usuarios|usuarias|participantes|pasajeros|personas|alumnos|alumnas|pacientes|socios|socias|inquilinos|huéspedes|jugadores|visitantes)|(?:todo|toda|el|la|cada)\s+(?:cliente|usuario|usuaria|participante|pasajero|pasajera|persona|alumno|alumna|paciente|socio|socia|inquilino|huésped|jugador|visitante))\s+que\s+(.+)$`),
		langDE: regexp.MustCompile(`^(?:Kunden|Kundinnen|Gäste|Teilnehmer|Teilnehmende|Teilnehmerinnen|Patienten|Mitglieder|Besucher|Mieter|Fahrgäste|Spieler|Personen|Eltern),\s+die\s+([^,]{3,90}),\s+\p{Ll}+\s`),
	}
	whoMain = map[string]*regexp.Regexp{
		langEN: regexp.MustCompile(`\s(?:will|won't|must|may|can|cannot|can't|shall|should|are|is|lose|forfeit|pay|need|have to|get|receive)\s`),
		langFR: regexp.MustCompile(`\s(?:ne\s+|n['’])?(?:se\s+verront|verront|seront|devront|doivent|perdront|perdent|paieront|paient|pourront|peuvent|sont|auront|ont|recevront|bénéficient|bénéficieront)\b`),
		langES: regexp.MustCompile(`\s(?:no\s+)?(?:se\s+les?\s+|les?\s+)?(?:\p{Ll}+rán|\p{Ll}+rá|deben|debe|pueden|puede|pagan|paga|pierden|pierde|tienen|tiene|son|es|están|está|reciben|recibe)(?:[\s,.;]|$)`), // (Go's \b is ASCII's: "deberá" ends on none)
	}
)

// otherPeople in a case speak of someone other than the customer ("Anyone
// who says they'll tell you when they get there or who offers …" warns of
// other tradesmen): no "What happens if I …?".
var otherPeople = regexp.MustCompile(`(?i)\b(?:they|they'll|they’ll|them|their|he|she|his|her|who)\b`)

// whoParticles may stand before the case's verb.
var whoParticles = toSet(`ne n' n’ se no`)

// whoQuestion is the question of such a rule, or "".
func whoQuestion(lang, body string) string {
	re := whoSubject[lang]
	if re == nil {
		return ""
	}
	m := re.FindStringSubmatch(body)
	if m == nil {
		return ""
	}
	var cond string
	if lang == langDE {
		cond = deWhoCase(m[1])
	} else {
		rest := m[1]
		at := -1
		for _, loc := range whoMain[lang].FindAllStringIndex(rest, -1) {
			// (the case's own verb after its negation, "ne sont pas
			// présents", is no main verb)
			if p := strings.TrimSpace(rest[:loc[0]]); p != "" && !whoParticles[strings.ToLower(p)] {
				at = loc[0]
				break
			}
		}
		if at < 0 {
			return ""
		}
		cond = whoCase[lang](strings.TrimSpace(strings.TrimRight(rest[:at], ",")))
	}
	if cond == "" || words(cond) > 14 || strings.ContainsAny(cond, ",;") || lang == langEN && otherPeople.MatchString(cond) {
		return ""
	}
	switch lang {
	case langEN:
		return "What happens if I " + cond + "?"
	case langFR:
		return frElide("Que se passe-t-il si je " + cond + " ?")
	case langES:
		return "¿Qué pasa si " + cond + "?"
	case langDE:
		return "Was gilt, wenn ich " + cond + "?"
	}
	return ""
}

// whoCase puts a case in the customer's words, in each language whose
// rules have their verb before what they say (German's is deWhoCase).
var whoCase = map[string]func(string) string{langEN: enWhoCase, langFR: frWhoCase, langES: esWhoCase}

// enWhoCase is the case in the customer's words ("are late" → "am late",
// "cancel their booking" → "cancel my booking").
func enWhoCase(cond string) string {
	ws := strings.Fields(cond)
	for i, w := range ws {
		switch strings.ToLower(w) {
		case "are":
			ws[i] = "am"
		case "were":
			ws[i] = "was"
		case "their":
			ws[i] = "my"
		case "them", "themselves":
			ws[i] = "me"
		case "they":
			ws[i] = "I"
		case "has":
			ws[i] = "have"
		}
	}
	return strings.Join(ws, " ")
}

// caseVerb returns the index of a French or Spanish case's verb, after its
// negation (neg) and its reflexive "se", which it makes the customer's
// "me"; false when the case has no word after them.
func caseVerb(ws []string, neg func(string) bool) (int, bool) {
	i := 0
	if i < len(ws) && neg(ws[i]) {
		i++
	}
	if i < len(ws) && ws[i] == "se" {
		ws[i] = "me"
		i++
	}
	return i, i < len(ws)
}

// frWhoCase puts the case's first verb in the first person ("ne sont pas
// présents" → "ne suis pas présent", "arrivent en retard" → "arrive en
// retard", "se présentent" → "me présente"); "" when it cannot.
func frWhoCase(cond string) string {
	ws := strings.Fields(cond)
	i, ok := caseVerb(ws, func(w string) bool { return w == "ne" || strings.HasPrefix(w, "n'") || strings.HasPrefix(w, "n’") })
	if !ok {
		return ""
	}
	v := ws[i]
	if r, ok := frThirdPlural[v]; ok {
		ws[i] = r
	} else if strings.HasSuffix(v, "ent") && len(v) > 4 {
		ws[i] = strings.TrimSuffix(v, "nt") // "arrivent" → "arrive"
	} else {
		return ""
	}
	if ws[i] == "suis" {
		// the attribute agrees with "je": "présents" → "présent"
		j := i + 1
		if j < len(ws) && (ws[j] == "pas" || ws[j] == "plus") {
			j++
		}
		if j < len(ws) && len(ws[j]) > 4 && strings.HasSuffix(ws[j], "s") {
			ws[j] = strings.TrimSuffix(ws[j], "s")
		}
	}
	return strings.Join(ws, " ")
}

var frThirdPlural = map[string]string{"sont": "suis", "ont": "ai", "font": "fais", "vont": "vais", "peuvent": "peux", "doivent": "dois", "viennent": "viens", "prennent": "prends"}

// esWhoCase puts the case's verb in the first person ("no se presenten" →
// "no me presento", "lleguen tarde" → "llego tarde"); "" when it cannot.
func esWhoCase(cond string) string {
	ws := strings.Fields(cond)
	i, ok := caseVerb(ws, func(w string) bool { return w == "no" })
	if !ok {
		return ""
	}
	v := ws[i]
	switch r, ok := esFirstPersonOf[v]; {
	case ok:
		ws[i] = r
	case strings.HasSuffix(v, "gue"):
		ws[i] = strings.TrimSuffix(v, "gue") + "go" // "llegue" → "llego"
	case strings.HasSuffix(v, "guen"):
		ws[i] = strings.TrimSuffix(v, "guen") + "go" // "lleguen" → "llego"
	case strings.HasSuffix(v, "quen"):
		ws[i] = strings.TrimSuffix(v, "quen") + "co" // "toquen" → "toco"
	case len(v) > 4 && (strings.HasSuffix(v, "en") || strings.HasSuffix(v, "an")):
		ws[i] = esIrregular(v) // "presenten", "llegan", "asistan" → "presento", "llego", "asisto"
	case len(v) > 3 && (strings.HasSuffix(v, "e") || strings.HasSuffix(v, "a")) && !strings.HasSuffix(v, "que"):
		// one customer: "logre", "llega", "asista" → "logro", "llego", "asisto"
		ws[i] = v[:len(v)-1] + "o"
	default:
		return ""
	}
	for j := i + 2; j < len(ws); j++ {
		// a verb of the customers' in a clause inside the case: "la
		// semana que quieren" → "la semana que quiero"
		if ws[j-1] == "que" && len(ws[j]) > 4 && (strings.HasSuffix(ws[j], "en") || strings.HasSuffix(ws[j], "an")) {
			ws[j] = esIrregular(ws[j])
		}
	}
	return strings.Join(ws, " ")
}

// esIrregular is a third person plural in the first person singular: a
// few irregular verbs, then the regular endings ("quieren" → "quiero").
// esFirstPersonOf holds the irregular ones, plural and singular ("son",
// "es" → "soy").
func esIrregular(v string) string {
	if r, ok := esFirstPersonOf[v]; ok {
		return r
	}
	return v[:len(v)-2] + "o"
}

var esFirstPersonOf = map[string]string{"son": "soy", "sean": "soy", "es": "soy", "sea": "soy", "está": "estoy", "esté": "estoy", "tiene": "tengo", "tenga": "tengo", "están": "estoy", "estén": "estoy", "van": "voy", "vayan": "voy", "tienen": "tengo", "tengan": "tengo", "hacen": "hago", "hagan": "hago", "vienen": "vengo", "vengan": "vengo"}

// deWhoCase is a German relative clause in the first person, its verb last
// ("nicht erscheinen" → "nicht erscheine", "zu spät kommen" → "zu spät
// komme"); "" when it cannot.
func deWhoCase(clause string) string {
	ws := strings.Fields(clause)
	n := len(ws) - 1
	v := ws[n]
	if r, ok := deThirdPlural[v]; ok {
		ws[n] = r
	} else if strings.HasSuffix(v, "en") && len(v) > 4 {
		ws[n] = strings.TrimSuffix(v, "n")
	} else {
		return ""
	}
	return swapWords(strings.Join(ws, " "), deWhoMine)
}

var (
	deThirdPlural = map[string]string{"sind": "bin", "haben": "habe", "können": "kann", "müssen": "muss", "wollen": "will", "dürfen": "darf", "werden": "werde"}
	deWhoMine     = map[string]string{"ihre": "meine", "ihren": "meinen", "ihrem": "meinem", "ihrer": "meiner", "ihr": "mein", "sich": "mich"}
)
