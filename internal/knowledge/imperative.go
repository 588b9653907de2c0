package knowledge

import (
	"strings"
	"unicode"
)

// imperatives are verbs that start an instruction ("Book a table online.",
// "Abra la app."), for English and Spanish; French and German
// instructions are told by their form ("Cliquez", "Klicken Sie").
var imperatives = map[string]map[string]bool{
	EN: toSet(`access add adjust allow apply arrive ask assign avoid attach bring book call cancel check choose click collect come complete delete disable edit enable export import invite reset verify
confirm connect contact copy create download drop email enter fill find follow give go install expand keep leave let limit locate log make navigate
mark note open order pack pay pick place plan prepare press print process put read register remember remove renew reply request reserve
return review run save scan schedule scroll search select send set share show sign skip start stop submit take talk tap tell try turn type update
upload use visit wait wash watch wear write shower sit treat look`),
	ES: toSet(`haga pulse abra elija seleccione introduzca escriba reserve traiga llame envíe complete rellene solicite
vaya acceda descargue instale presente pague cancele confirme lleve visite consulte compruebe indique active añada
haz pulsa abre elige selecciona escribe reserva trae llama envía completa rellena solicita ve accede descarga instala paga
inicia entra ingresa introduce sigue busca revisa verifica crea guarda confirma cambia copia toca marca
inicie entre ingrese siga busque revise verifique cree guarde cambie copie toque marque
devuelve devuelva deja deje recoge recoja escoge escoja toma tome mide mida prueba pruebe`),
}

// germanDuImperatives are the informal German instructions of help pages
// ("Gehe zu Einstellungen", "Tippe auf …"), which the polite form's test
// ("Klicken Sie") does not see.
var germanDuImperatives = toSet(`gehe geh klicke tippe wähle öffne gib melde lade`)

// Imperative says whether a sentence starts with an instruction in the
// language: an English or Spanish instruction verb ("Click", "Abra"), a
// French verb in -ez ("Cliquez", not "Vous" or "Chez"), a German verb in
// -en followed by "Sie" ("Klicken Sie", "Bitte wählen Sie").
func Imperative(lang, s string) bool {
	first, rest, _ := strings.Cut(strings.TrimSpace(s), " ")
	lower := strings.ToLower(strings.TrimRight(first, ",:"))
	switch lang {
	case FR:
		return len(lower) > 2 && strings.HasSuffix(lower, "ez") && allLetters(lower) && lower != "vous" && lower != "chez" && lower != "assez"
	case DE:
		if first == "Bitte" {
			first, rest, _ = strings.Cut(strings.TrimSpace(rest), " ")
		}
		second, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
		return len(first) > 2 && strings.HasSuffix(first, "en") && allLetters(first) && (second == "Sie" || strings.HasPrefix(second, "Sie") && !allLetters(second))
	case ES:
		return imperatives[ES][lower]
	}
	if lower == "head" {
		// "Head to the purchase tab", not "Head office is …"
		next, _, _ := strings.Cut(strings.TrimSpace(rest), " ")
		return headOn[strings.ToLower(next)]
	}
	return imperatives[EN][lower]
}

// headOn are the words after an instruction "Head" ("Head to …", "Head
// over to …").
var headOn = toSet(`to over back out into down up straight`)

func allLetters(s string) bool {
	for _, r := range s {
		if !unicode.IsLetter(r) {
			return false
		}
	}
	return s != ""
}
