package knowledge

import (
	"regexp"
	"strings"
	"unicode"
	"unicode/utf8"
)

// Page furniture: the lines a page shows around its content (votes,
// sharing, navigation, comments, reading times, update dates, breadcrumbs)
// that are no part of what a business says. The knowledge model drops
// them, and so does the document generator (internal/gendocs), through
// IsChrome: one list for both.

// chrome are whole lines of page furniture in the four languages, folded
// to lower case without accents, spaces written "_", a final "?" or ":"
// left out (a final "." is kept: "Yes." under a question is its answer).
var chrome = toSet(`was_this_article_helpful was_this_page_helpful was_this_answer_helpful was_this_information_helpful
	was_this_article_useful was_this_page_useful was_this_answer_useful was_this_information_useful
	did_this_answer_your_question yes no share share_this share_this_article share_this_page share_this_post
	print print_this print_this_article print_this_page back_to_top skip_to_content skip_to_main_content
	related_articles related_posts contact_support still_need_help have_more_questions submit_a_request table_of_contents contents
	on_this_page in_this_article start_typing_and_press_enter_to_search leave_a_comment leave_a_reply
	cet_article_vous_a-t-il_ete_utile cet_article_a-t-il_ete_utile cet_article_vous_a-t-il_utile cet_article_a-t-il_utile
	cette_page_vous_a-t-elle_ete_utile cette_page_a-t-elle_ete_utile cette_page_vous_a-t-elle_utile cette_page_a-t-elle_utile
	cette_information_vous_a-t-elle_ete_utile cette_information_a-t-elle_ete_utile cette_reponse_vous_a-t-elle_ete_utile
	cette_reponse_a-t-elle_ete_utile
	partager imprimer sommaire table_des_matieres oui non retour_en_haut
	war_dieser_artikel_hilfreich war_der_artikel_hilfreich war_dieser_beitrag_hilfreich war_der_beitrag_hilfreich
	war_dieser_inhalt_hilfreich war_der_inhalt_hilfreich war_diese_seite_hilfreich teilen drucken inhaltsverzeichnis
	inhalt ja nein nach_oben
	te_ha_resultado_util_este_articulo te_ha_resultado_util le_ha_resultado_util le_ha_resultado_util_este_articulo
	te_ha_parecido_util le_ha_parecido_util te_ha_sido_util le_ha_sido_util te_resultado_util le_resultado_util
	te_ha_resultado_util_esta_pagina le_ha_resultado_util_esta_pagina fue_util_este_articulo fue_util_esta_pagina
	ha_sido_util_este_articulo ha_sido_util_esta_pagina te_ayudo_esta_informacion compartir imprimir indice
	tabla_de_contenido tabla_de_contenidos si volver_arriba
	can't_find_what_you're_looking_for didn't_find_what_you_were_looking_for didn't_find_your_answer
	vous_n'avez_pas_trouve_de_reponse_a_vos_questions vous_n'avez_pas_trouve_votre_reponse nous_contacter
	nicht_gefunden_wonach_sie_suchen haben_sie_nicht_gefunden_wonach_sie_suchen
	no_encontraste_lo_que_buscabas no_encuentras_lo_que_buscas no_has_encontrado_tu_respuesta`)

// contactLinks says whether folded text is only the label of a contact
// link, once or repeated ("Contact Us Contact Us", "Nous contacter").
func contactLinks(s string) bool {
	s = strings.TrimSpace(s)
	if s == "" {
		return false
	}
	for _, l := range []string{"contact us", "contact support", "submit a request", "nous contacter", "contactez-nous",
		"kontakt", "kontaktieren sie uns", "contacto", "contactanos", "contactenos"} {
		s = strings.ReplaceAll(s, l, "")
	}
	return strings.TrimSpace(s) == ""
}

// shareLabels open a line of sharing or following links (folded).
var shareLabels = map[string]bool{"share": true, "partager": true, "teilen": true, "compartir": true, "share this": true,
	"share on": true, "follow us": true, "suivez-nous": true, "suivez nous": true, "folgen sie uns": true, "siguenos": true}

// yesNo are the answers of a vote line ("Yes No", "Oui / Non").
var yesNo = toSet(`yes no oui non ja nein si`)

// commentWords name comments ("0 comments", "Kommentare").
var commentWords = toSet(`comment comments commentaire commentaires kommentar kommentare comentario comentarios`)

// chromePrefixes start short lines of page metadata (folded, lower case):
// "Updated 2 years ago", "Mis à jour le 3 mai", "Written by Ana".
var chromePrefixes = []string{"updated ", "last updated", "published ", "posted on ", "posted by ", "posted in", "filed under", "written by ", "mis a jour",
	"publie le", "publie dans", "ecrit par", "redige par", "aktualisiert", "zuletzt aktualisiert", "veroffentlicht", "geschrieben von",
	"actualizado", "ultima actualizacion", "publicado ", "escrito por", "please sign in to ", "please log in to ",
	"sign in to leave", "log in to leave", "sign in to post", "log in to post", "sign in to add", "log in to add"}

// readingWords end a reading time ("3 min read", "5 min de lecture").
var readingWords = []string{"read", "de lecture", "lesezeit", "lesedauer", "de lectura"}

// separators split a vote line ("Oui / Non", "Yes | No") into its words.
var separators = strings.NewReplacer("/", " ", "|", " ")

// IsChrome says whether one line of a page (a heading, a paragraph) is page
// furniture: a vote ("Was this article helpful?", "Yes No", "👍 👎"),
// sharing, navigation, comments, a reading time, an update date or author
// line, a breadcrumb ("Home / Policies").
func IsChrome(line string) bool {
	line = strings.TrimSpace(line)
	if len(line) <= 300 && noticeWord(line) && siteNotice.MatchString(line) {
		return true // "We use cookies …", "Wir benötigen Ihre Zustimmung zum Laden der Übersetzungen"
	}
	if line == "" || len(line) > 160 || utf8.RuneCountInString(line) > 80 &&
		!(strings.Contains(line, "|") && menuLine(line)) && !(strings.ContainsAny(line, "·|•–—/") && legalLine(fold(strings.ToLower(line)))) {
		// (menus and legal lines have their separators: most lines have none)
		return false // most lines of a page: furniture is short (a menu may run longer)
	}
	if strings.IndexFunc(line, func(r rune) bool { return unicode.IsLetter(r) || unicode.IsDigit(r) }) < 0 {
		return true // a row of symbols: emoji votes, separators
	}
	if strings.Count(strings.Trim(line, " ?¿!¡:"), " ") >= 9 && !strings.ContainsAny(line, "0123456789©/›>»\\·|•–—") {
		// ten words or more: only a count, a byline with a date, a
		// copyright or a line of links is chrome that long
		return false
	}
	f := fold(strings.ToLower(strings.Trim(line, " ?¿!¡:")))
	fs := strings.Fields(separators.Replace(f))
	if len(fs) == 0 {
		return false
	}
	if chrome[strings.Join(fs, "_")] {
		return true
	}
	if q, votes, ok := strings.Cut(f, "?"); ok && chrome[strings.Join(strings.Fields(separators.Replace(q)), "_")] &&
		allIn(strings.FieldsFunc(votes, func(r rune) bool { return !unicode.IsLetter(r) }), yesNo) {
		return true // "Was this answer helpful? Yes / No", "War dieser Artikel hilfreich? 👍 Ja · 👎 Nein"
	}
	if q, links, ok := strings.Cut(f, "?"); ok && chrome[strings.Join(strings.Fields(q), "_")] && contactLinks(links) {
		return true // "Still need help? Contact Us Contact Us"
	}
	if label, rest, ok := strings.Cut(f, ":"); ok && shareLabels[strings.TrimSpace(label)] && len(strings.Fields(rest)) <= 8 {
		return true // "Partager : Facebook · Instagram · E-mail"
	}
	if strings.ContainsAny(line, "·|•") && legalLine(f) {
		return true // a footer's links, however many words its site's name takes
	}
	if len(fs) > 12 {
		return helpfulCount(fs)
	}
	digits := strings.ContainsAny(line, "0123456789")
	seps := strings.ContainsAny(line, "/›>»\\·|•–—")
	return allIn(fs, yesNo) || commentCount(fs) || digits && (helpfulCount(fs) || readingTime(fs)) || metadata(f, line, fs) ||
		seps && (breadcrumb(line) || legalLine(f) || !digits && menuLine(line)) || copyright(f)
}

// menuLine: a site's menu copied as a line, four links or more between
// "|" ("Inicio | Contenedores | Tamaños | Normas de uso | Contacto"), each
// of at most three words and capitalised. (A table's header line has the
// rows under it, and pipeTables has made it a table before this.)
func menuLine(line string) bool {
	links := strings.Split(strings.Trim(line, "| "), "|")
	if len(links) < 4 || endsSentence(line) {
		return false
	}
	for _, l := range links {
		n := len(strings.Fields(l))
		r, _ := utf8.DecodeRuneInString(strings.TrimSpace(l))
		if n == 0 || n > 3 || !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// siteNotice is the website's own notice, not the business's: its use of
// cookies, a translation service's consent, an outdated browser.
var siteNotice = regexp.MustCompile(`(?i)\b(?:we use cookies|(?:this|our) (?:web)?site uses cookies|nous utilisons des cookies|ce site utilise des cookies|wir verwenden cookies|diese (?:web)?(?:seite|site) (?:verwendet|nutzt|benutzt) cookies|utilizamos cookies|este sitio (?:web )?(?:utiliza|usa) cookies|esta (?:web|página(?: web)?) (?:utiliza|usa) cookies|zustimmung zum laden der übersetzungen|inhalt der website zu übersetzen|consent to load (?:the )?translations|translate the content of (?:this|the) (?:web)?site|you are using an outdated browser|navegador (?:desactualizado|obsoleto))\b`)

// noticeWord says whether a line holds a word a site notice needs (a
// substring test, before the regular expression: most lines hold none).
func noticeWord(line string) bool {
	for _, w := range [...]string{"ookie", "bersetz", "ranslat", "rowser", "avegador"} {
		if strings.Contains(line, w) {
			return true
		}
	}
	return false
}

// legalLinks are the names of a site's legal pages, folded: a footer's
// line of them ("Impressum · Datenschutz", "Privacy | Terms") is chrome.
var legalLinks = toSet(`impressum datenschutz datenschutzerklarung agb kontakt privacy privacy_policy terms terms_of_use
	terms_of_service terms_and_conditions cookies cookie_policy cookie_settings imprint legal_notice sitemap accessibility
	mentions_legales politique_de_confidentialite cgv cgu plan_du_site aviso_legal politica_de_privacidad politica_de_cookies
	mapa_del_sitio contact contacto privacidad confidentialite contact_us conditions_generales_de_vente
	conditions_generales allgemeine_geschaftsbedingungen nutzungsbedingungen widerrufsbelehrung condiciones_generales
	terminos_y_condiciones condiciones_de_uso`)

// legalLine: a line of legal page names separated by "·", "|", "•", "–"
// or "/" ("Impressum · Datenschutz").
func legalLine(f string) bool {
	// (a copyright after the last link, "Plan du site © Envol Parapente",
	// is a part of its own)
	f = strings.ReplaceAll(f, "©", "·©")
	segs := strings.FieldsFunc(f, func(r rune) bool { return strings.ContainsRune("·|•–—/", r) })
	if len(segs) < 2 {
		return false
	}
	legal, other := 0, 0
	for _, seg := range segs {
		switch {
		case legalLinks[strings.Join(strings.Fields(seg), "_")] || copyright(strings.TrimSpace(seg)):
			legal++
		case len(strings.Fields(seg)) > 8:
			return false
		default:
			other++
		}
	}
	// every link a legal page's, or a footer's line of links of which
	// two or more and at least half are ("Segunda Vuelta – Moda de mujer de segunda mano ·
	// Vender · Aviso legal · Privacidad · Cookies · Contacto")
	// ("ReparaYa Móvil · Reparación de móviles · Aviso legal ·
	// Privacidad": the site's name, its line and two legal pages)
	return other == 0 || legal >= 2 && legal >= other
}

// copyright: "© 2024 Bakery Rose. All rights reserved.", "Copyright 2023
// …", "Alle Rechte vorbehalten", "Tous droits réservés".
func copyright(f string) bool {
	return strings.HasPrefix(f, "©") || strings.HasPrefix(f, "(c) ") || strings.HasPrefix(f, "copyright ") ||
		strings.Contains(f, "all rights reserved") || strings.Contains(f, "tous droits reserves") ||
		strings.Contains(f, "alle rechte vorbehalten") || strings.Contains(f, "todos los derechos reservados")
}

// allIn says whether every word is in the set.
func allIn(fs []string, set map[string]bool) bool {
	for _, w := range fs {
		if !set[w] {
			return false
		}
	}
	return true
}

// commentCount: "Comments", "0 comments", "3 Kommentare".
func commentCount(fs []string) bool {
	return len(fs) == 1 && commentWords[fs[0]] || len(fs) == 2 && isDigits(fs[0]) && commentWords[fs[1]]
}

// helpfulCount: "12 people found this helpful", "3 out of 4 found this
// helpful".
func helpfulCount(fs []string) bool {
	all := strings.Join(fs, " ")
	for _, p := range helpfulPhrases {
		if strings.Contains(all, p) && (isDigits(fs[0]) || strings.IndexFunc(all, unicode.IsDigit) >= 0 && len(fs) <= 12) {
			return true
		}
	}
	return false
}

// helpfulPhrases are the words of a vote count in the four languages
// (folded): "3 out of 4 found this helpful", "Utilisateurs qui ont trouvé
// cela utile : 0 sur 0".
var helpfulPhrases = []string{"found this helpful", "found this article helpful", "trouve cela utile", "trouve ceci utile",
	"trouve cet article utile", "fanden dies hilfreich", "fanden das hilfreich", "fanden diesen artikel hilfreich",
	"encontraron esto util", "les parecio util", "encontraron util"}

// readingTime: a number of minutes followed by a reading word ("3 min
// read", "2 Minuten Lesezeit"), or a reading word and a number
// ("Lesezeit: 4 Minuten").
func readingTime(fs []string) bool {
	for i := 0; i+1 < len(fs); i++ {
		if !isDigits(strings.TrimRight(fs[i], ".")) {
			continue
		}
		unit := strings.TrimRight(fs[i+1], ".")
		if !strings.HasPrefix(unit, "min") && unit != "mn" {
			continue
		}
		rest := strings.Join(fs[i+2:], " ")
		for _, w := range readingWords {
			if strings.HasPrefix(rest, w) {
				return true
			}
		}
	}
	all := strings.Join(fs, " ")
	if strings.IndexFunc(all, unicode.IsDigit) < 0 {
		return false
	}
	for _, w := range []string{"lesezeit", "lesedauer", "temps de lecture", "tiempo de lectura"} {
		if j := strings.Index(all, w); j >= 0 && strings.IndexFunc(all[j:], unicode.IsDigit) >= 0 {
			return true
		}
	}
	return false
}

// metadata: an update date or author line ("Updated 2 years ago", "By Ana
// Lopez").
func metadata(f, line string, fs []string) bool {
	if len(fs) <= 12 {
		for _, p := range chromePrefixes {
			if strings.HasPrefix(f, p) {
				return true
			}
		}
	}
	// "By Ana Lopez": a byline of capitalised names
	ws := strings.Fields(line)
	if len(ws) < 3 || len(ws) > 5 || ws[0] != "By" {
		return false
	}
	for _, w := range ws[1:] {
		if r, _ := utf8.DecodeRuneInString(w); !unicode.IsUpper(r) {
			return false
		}
	}
	return true
}

// breadcrumbSeps separate the steps of a breadcrumb.
// homeWords name a site's home page, a breadcrumb's first step.
var homeWords = folded(toSet(`home homepage start startseite accueil inicio portada help support hilfe aide ayuda faq faqs blog shop`))

var breadcrumbSeps = []string{" // ", " / ", " › ", " > ", " » ", " \\ "}

// breadcrumb: "Home / Help / Billing", "Support › Payments": at most 10
// words, no final punctuation, each step at most 4 words and capitalised,
// or a line of keywords ("Termine / Verhinderung / Nichterscheinen").
func breadcrumb(line string) bool {
	if len(strings.Fields(line)) > 10 || endsSentence(line) {
		return false
	}
	for _, sep := range []string{"/ ", "› ", "» ", "> "} {
		// a trail cut to its last step ("/  FAQ Page")
		if rest, ok := strings.CutPrefix(line, sep); ok && len(strings.Fields(rest)) <= 4 {
			return true
		}
	}
	for _, sep := range breadcrumbSeps {
		if !strings.Contains(line, sep) {
			continue
		}
		steps := strings.Split(line, sep)
		capitalised, single := true, 0
		for _, st := range steps {
			n := len(strings.Fields(st))
			r, _ := utf8.DecodeRuneInString(strings.TrimSpace(st))
			if n == 0 || n > 4 {
				return false
			}
			if !unicode.IsUpper(r) {
				capitalised = false
			} else if n == 1 {
				single++
			}
		}
		if len(steps) == 2 && sep == " / " && !homeWords[fold(strings.ToLower(strings.TrimSpace(steps[0])))] {
			// "Cost / Estimate Policy", "Returns / Exchanges": a title of
			// two things; a trail of two steps starts at home ("Home /
			// FAQ", "Inicio / Preguntas frecuentes")
			return false
		}
		return capitalised || len(steps) >= 3 && single >= 2
	}
	return false
}

// tocTitles open a table of contents (folded, lower case, final ":" off).
var tocTitles = toSet(`table_of_contents contents on_this_page in_this_article contents_in_this_article article_contents sommaire table_des_matieres dans_cet_article
	inhaltsverzeichnis inhalt in_diesem_artikel indice tabla_de_contenido tabla_de_contenidos en_este_articulo`)

// dropTOC removes a page's table of contents: its title and the entries
// after it (short lines, or a list's items) that come again later as the
// page's own headings.
func dropTOC(els []element) []element {
	for i := 0; i < len(els); i++ {
		e := els[i]
		if e.kind != elHeading && e.kind != elParagraph || len(e.text) > 32 || // the longest title is 26 bytes
			!tocTitles[strings.Join(strings.Fields(fold(strings.ToLower(strings.TrimRight(e.text, " :")))), "_")] {
			continue
		}
		j := i + 1
		for ; j < len(els) && tocEntry(els[j], els[j+1:]); j++ {
		}
		els = append(els[:i], els[j:]...)
		i--
	}
	return els
}

// tocEntry says whether e is an entry of a table of contents: a short
// line, or a list of them, each of which comes again in rest.
func tocEntry(e element, rest []element) bool {
	var entries []string
	switch e.kind {
	case elHeading, elParagraph:
		entries = []string{e.text}
	case elList:
		entries = e.items
	default:
		return false
	}
	for _, t := range entries {
		if len(strings.Fields(t)) > 12 || !reappears(t, rest) {
			return false
		}
	}
	return len(entries) > 0
}

// reappears says whether a text is a heading or a line of rest (case
// apart).
func reappears(t string, rest []element) bool {
	for _, e := range rest {
		if (e.kind == elHeading || e.kind == elParagraph) && strings.EqualFold(e.text, t) {
			return true
		}
	}
	return false
}
