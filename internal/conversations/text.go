package conversations

// Strings are the words of the conversation page and of the answers the
// service writes itself, in one language. All of them live here.
type Strings struct {
	Lang            string
	Title           string // "Ask {name}" prefix
	Greeting        string // when the owner set none and the genie has none
	QuestionLabel   string
	Placeholder     string
	Send            string
	Sending         string
	You             string
	Sources         string
	Helpful         string
	Yes, No         string
	Thanks          string
	TalkToPerson    string
	PersonIntro     string
	EmailLabel      string
	NameLabel       string
	NoteLabel       string
	Optional        string
	SendRequest     string
	Confirmed       string // "%s" is the visitor's address
	NotAnswered     string
	QuestionInvalid string
	EmailInvalid    string
	NewConversation string
	Error           string
	TooMany         string
	NotFoundTitle   string
	NotFoundText    string
	PersonReply     string
}

var strings4 = map[string]*Strings{
	"en": {Lang: "en", QuestionInvalid: "Please type a question of at most 1,000 characters.", EmailInvalid: "Please enter a valid email address, such as ada@example.com.",
		Title: "Ask", Greeting: "Hello! Ask me a question.", QuestionLabel: "Your question",
		Placeholder: "Type your question", Send: "Ask", Sending: "Looking in the documents…", You: "You", Sources: "Sources",
		Helpful: "Was this helpful?", Yes: "Yes", No: "No", Thanks: "Thank you for your feedback.",
		TalkToPerson: "Talk to a person", PersonIntro: "Leave your email address and a person will answer you by email.",
		EmailLabel: "Your email address", NameLabel: "Your name", NoteLabel: "Anything to add?", Optional: "optional",
		SendRequest: "Send to a person", Confirmed: "Thank you. A person will answer you at %s.",
		NotAnswered:     "I'm sorry, I can't find the answer to that in my documents. A person can help you: use \"Talk to a person\".",
		NewConversation: "Start a new conversation", Error: "Something went wrong. Please try again.",
		TooMany: "Too many questions at once. Please wait a moment and try again.", NotFoundTitle: "Page not found",
		NotFoundText: "There is no conversation page at this address. Check the link or the QR code you used.", PersonReply: "A person"},
	"fr": {Lang: "fr", QuestionInvalid: "Écrivez une question de 1 000 caractères au plus.", EmailInvalid: "Saisissez une adresse e-mail valide, par exemple ada@example.com.",
		Title: "Demander à", Greeting: "Bonjour ! Posez-moi une question.", QuestionLabel: "Votre question",
		Placeholder: "Écrivez votre question", Send: "Demander", Sending: "Recherche dans les documents…", You: "Vous", Sources: "Sources",
		Helpful: "Cette réponse vous a-t-elle aidé ?", Yes: "Oui", No: "Non", Thanks: "Merci pour votre avis.",
		TalkToPerson: "Parler à une personne", PersonIntro: "Laissez votre adresse e-mail : une personne vous répondra par e-mail.",
		EmailLabel: "Votre adresse e-mail", NameLabel: "Votre nom", NoteLabel: "Quelque chose à ajouter ?", Optional: "facultatif",
		SendRequest: "Envoyer à une personne", Confirmed: "Merci. Une personne vous répondra à %s.",
		NotAnswered:     "Désolé, je ne trouve pas la réponse dans mes documents. Une personne peut vous aider : utilisez « Parler à une personne ».",
		NewConversation: "Nouvelle conversation", Error: "Une erreur est survenue. Veuillez réessayer.",
		TooMany: "Trop de questions à la fois. Patientez un instant puis réessayez.", NotFoundTitle: "Page introuvable",
		NotFoundText: "Il n'y a pas de page de conversation à cette adresse. Vérifiez le lien ou le QR code utilisé.", PersonReply: "Une personne"},
	"de": {Lang: "de", QuestionInvalid: "Bitte geben Sie eine Frage mit höchstens 1.000 Zeichen ein.", EmailInvalid: "Bitte geben Sie eine gültige E-Mail-Adresse ein, z. B. ada@example.com.",
		Title: "Fragen Sie", Greeting: "Hallo! Stellen Sie mir eine Frage.", QuestionLabel: "Ihre Frage",
		Placeholder: "Ihre Frage eingeben", Send: "Fragen", Sending: "Suche in den Dokumenten …", You: "Sie", Sources: "Quellen",
		Helpful: "War das hilfreich?", Yes: "Ja", No: "Nein", Thanks: "Danke für Ihre Rückmeldung.",
		TalkToPerson: "Mit einem Menschen sprechen", PersonIntro: "Hinterlassen Sie Ihre E-Mail-Adresse, und ein Mensch antwortet Ihnen per E-Mail.",
		EmailLabel: "Ihre E-Mail-Adresse", NameLabel: "Ihr Name", NoteLabel: "Möchten Sie etwas ergänzen?", Optional: "optional",
		SendRequest: "An einen Menschen senden", Confirmed: "Danke. Ein Mensch antwortet Ihnen an %s.",
		NotAnswered:     "Das kann ich in meinen Dokumenten leider nicht finden. Ein Mensch kann Ihnen helfen: „Mit einem Menschen sprechen“.",
		NewConversation: "Neues Gespräch", Error: "Etwas ist schiefgelaufen. Bitte versuchen Sie es erneut.",
		TooMany: "Zu viele Fragen auf einmal. Bitte warten Sie einen Moment.", NotFoundTitle: "Seite nicht gefunden",
		NotFoundText: "Unter dieser Adresse gibt es keine Gesprächsseite. Prüfen Sie den Link oder QR-Code.", PersonReply: "Ein Mensch"},
	"es": {Lang: "es", QuestionInvalid: "Escriba una pregunta de 1000 caracteres como máximo.", EmailInvalid: "Introduzca un correo electrónico válido, por ejemplo ada@example.com.",
		Title: "Pregunte a", Greeting: "¡Hola! Hágame una pregunta.", QuestionLabel: "Su pregunta",
		Placeholder: "Escriba su pregunta", Send: "Preguntar", Sending: "Buscando en los documentos…", You: "Usted", Sources: "Fuentes",
		Helpful: "¿Le ha sido útil?", Yes: "Sí", No: "No", Thanks: "Gracias por su opinión.",
		TalkToPerson: "Hablar con una persona", PersonIntro: "Deje su correo electrónico y una persona le responderá por correo.",
		EmailLabel: "Su correo electrónico", NameLabel: "Su nombre", NoteLabel: "¿Algo que añadir?", Optional: "opcional",
		SendRequest: "Enviar a una persona", Confirmed: "Gracias. Una persona le responderá en %s.",
		NotAnswered:     "Lo siento, no encuentro la respuesta en mis documentos. Una persona puede ayudarle: use «Hablar con una persona».",
		NewConversation: "Nueva conversación", Error: "Algo ha fallado. Inténtelo de nuevo.",
		TooMany: "Demasiadas preguntas a la vez. Espere un momento e inténtelo de nuevo.", NotFoundTitle: "Página no encontrada",
		NotFoundText: "No hay ninguna página de conversación en esta dirección. Compruebe el enlace o el código QR.", PersonReply: "Una persona"},
}

// text returns the strings of a language (English for an unknown one).
func text(lang string) *Strings {
	if s, ok := strings4[lang]; ok {
		return s
	}
	return strings4["en"]
}

// languageName names a language for the model's prompt.
func languageName(lang string) string {
	switch lang {
	case "fr":
		return "French"
	case "de":
		return "German"
	case "es":
		return "Spanish"
	}
	return "English"
}
