package knowledge

import "testing"

func TestIsChrome(t *testing.T) {
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Was this article helpful?", true},
		{"Segunda Vuelta – Moda de mujer de segunda mano · Vender · Aviso legal · Privacidad · Cookies · Contacto", true},
		{"Vender · Comprar · Privacidad", false}, // (one legal link among others: the page's own words)
		// the site's name and line, then two legal pages
		{"ReparaYa Móvil · Reparación de móviles y tablets · Aviso legal · Privacidad", true},
		{"TC Grün-Weiß Lindenau e.V. · Impressum · Datenschutz · Satzung", true},
		// a title of two things is no breadcrumb; a trail of two starts at home
		{"Cost / Estimate Policy", false},
		{"Returns / Exchanges", false},
		{"Home / FAQ", true},
		// the sales conditions are a legal page; a copyright after the last link is a part of its own
		{"Mentions légales · Conditions générales de vente · Politique de confidentialité · Plan du site © Envol Parapente", true},
		{"Diese Website verwendet Cookies. Mit der Nutzung der Seite stimmen Sie der Verwendung zu. OK Mehr erfahren", true},
		{"This site uses cookies to improve your visit. OK Learn more", true},
		// a site's menu, however long; a table's header of sizes is no menu
		{"Inicio | Contenedores | Tamaños | Normas de uso | Preguntas frecuentes | Contacto", true},
		{"Base Fee | 9,00€ | Starting price of a tour", false},
		{"Rules | cleaning the tools before you return them | fees", false},
		{"Still need help? Contact Us Contact Us", true},
		{"Still need help? Call us on 555 0142.", false}, // a way to get in touch
		{"/  FAQ Page", true},
		{"Was this answer helpful? Yes / No", true},
		{"War dieser Artikel hilfreich? 👍 Ja · 👎 Nein", true},
		{"Cet article vous a-t-il été utile ? Oui Non", true},
		{"Partager : Facebook · Instagram · E-mail", true},
		{"Share: Twitter, LinkedIn", true},
		{"Was this answer helpful? It saved me a call.", false},
		{"Utilisateurs qui ont trouvé cela utile : 0 sur 0", true},
		{"Vous n'avez pas trouvé de réponse à vos questions ?", true},
		{"© Physiotherapie am Park · Impressum · Datenschutz", true},
		{"/ month for the basic plan, billed yearly at the start of the term", false},
		{"Yes No", true},
		{"Oui / Non", true},
		{"👍 👎", true},
		{"😞 😐 😃", true},
		{"Share this article", true},
		{"0 comments", true},
		{"Please sign in to leave a comment.", true},
		{"12 out of 15 found this helpful", true},
		{"3 min read", true},
		{"Lesezeit: 4 Minuten", true},
		{"Written by Dana · Updated over a week ago", true},
		{"posted in: Lash Extensions | 0", true},
		{"Have more questions? Submit a request", true},
		{"Filed under: Policies", true},
		{"Mis à jour le 3 mai 2024", true},
		{"By Ana Lopez", true},
		{"Home / Help / Billing", true},
		{"HOME // ID Rulles", true},
		{"Support › Payments", true},
		{"gebuchte Termine / Terminverhinderung / Terminverschiebung / Nichterscheinen", true},
		{"Cet article vous a-t-il été utile ?", true},
		{"War dieser Artikel hilfreich?", true},
		{"¿Te ayudó esta información?", true},
		{"Start typing and press Enter to search", true},
		{"© 2024 Bakery Rose. All rights reserved.", true},
		{"Tous droits réservés", true},
		{"Impressum · Datenschutz", true},
		{"© Physiotherapie am Park · Impressum · Datenschutz", true},
		{"Privacy | Terms of use | Cookie settings", true},
		{"Privacy and terms: we never sell your data.", false},
		// content, not furniture
		{"Yes.", false},
		{"No, the fee is not refundable.", false},
		{"Updated prices apply from 1 May to every booking made after that date, including group bookings and gift cards.", false},
		{"either / or", false},
		{"Open daily / closed on holidays / by appointment", false},
		{"By appointment only", false},
		{"Comments are welcome at the front desk.", false},
		{"It takes 3 min to read the rules.", false},
		{"", false},
	} {
		if got := IsChrome(c.line); got != c.want {
			t.Errorf("IsChrome(%q) = %v, want %v", c.line, got, c.want)
		}
	}
}
