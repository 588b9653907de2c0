package knowledge

import (
	"fmt"
	"reflect"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"
)

// shape is a block as the tests compare it.
type shape struct {
	kind    blockKind
	heading string
	text    string
}

func shapes(d *doc) []shape {
	var out []shape
	for _, b := range d.blocks {
		out = append(out, shape{b.kind, strings.Join(b.heading, " > "), b.text})
	}
	return out
}

func TestParseBlocks(t *testing.T) {
	cases := []struct {
		name, content string
		want          []shape
	}{
		{"markdown headings, paragraph, procedure", "# Help\n\n## Returns\n\nYou have 30 days.\n\n1. Log in.\n2. Open orders.\n3. Print the label.\n",
			[]shape{{kindParagraph, "Help > Returns", "You have 30 days."}, {kindProcedure, "Help > Returns", "1. Log in.\n2. Open orders.\n3. Print the label."}}},
		{"lead-in sentence joins its list", "We accept:\n\n- Visa\n- PayPal\n",
			[]shape{{kindItem, "", "Visa"}, {kindItem, "", "PayPal"}}},
		{"markdown question heading is a QA pair", "## How long does shipping take?\n\nTwo days. Three to islands.\n",
			[]shape{{kindQA, "How long does shipping take?", "Two days. Three to islands."}}},
		{"web copy: title and question lines", "Shipping\nHow long does it take?\nOrders arrive in 2 days.\nDo you ship abroad?\nYes, to the EU.\n",
			[]shape{{kindQA, "Shipping > How long does it take?", "Orders arrive in 2 days."}, {kindQA, "Shipping > Do you ship abroad?", "Yes, to the EU."}}},
		{"numbered FAQ", "FAQ\n1. Can I cancel?\nYes, within 12 hours.\n2. Can I return?\nYes, 30 days.\n",
			[]shape{{kindQA, "FAQ > Can I cancel?", "Yes, within 12 hours."}, {kindQA, "FAQ > Can I return?", "Yes, 30 days."}}},
		{"hard-wrapped markdown paragraph stays one", "We ship to all\ncountries of the EU within\nthree days.\n",
			[]shape{{kindParagraph, "", "We ship to all countries of the EU within three days."}}},
		{"table rows", "| Plan | Price |\n|---|---|\n| Basic | 5 EUR |\n| Pro | 9 EUR |\n",
			[]shape{{kindRow, "", "Basic plan — Price: 5 EUR"}, {kindRow, "", "Pro plan — Price: 9 EUR"}}},
		{"html", `<nav>Home</nav><h2>Pets</h2><p>Small pets are <b>welcome</b>.</p><ol><li>Ask us.</li><li>Bring papers.</li></ol><script>x()</script><footer>©</footer>`,
			[]shape{{kindParagraph, "Pets", "Small pets are welcome."}, {kindProcedure, "Pets", "1. Ask us.\n2. Bring papers."}}},
		{"menus, breadcrumbs and cookie notices are furniture", `<div class="site-header"><ul><li><a href="/">Home</a></li><li><a href="/prices">Prices</a></li><li><a href="/contact">Contact us</a></li></ul></div>` +
			`<div id="cookie-banner"><p>We use cookies to improve your experience.</p></div><ol class="breadcrumb"><li>Help</li><li>Returns</li></ol>` +
			`<h2>Returns</h2><p>You have 30 days.</p><ul><li>Keep the <a href="/r">receipt</a>.</li><li>Use the box.</li></ul><div role="navigation">Next page</div>` +
			`<footer><ul><li><a href="/a">About</a></li><li><a href="/j">Jobs</a></li></ul><p>Open Monday to Friday, 8 am to 6 pm.</p><p>© 2024 Shop. All rights reserved.</p></footer>`,
			[]shape{{kindParagraph, "Returns", "You have 30 days."}, {kindItem, "Returns", "Keep the receipt."}, {kindItem, "Returns", "Use the box."},
				{kindParagraph, "Returns", "Open Monday to Friday, 8 am to 6 pm."}}},
		{"a page wrapped in a form keeps its text", `<form id="aspnetForm"><h2>Returns</h2><p>You have 30 days.</p><select><option>EN</option></select><button>Send</button></form>`,
			[]shape{{kindParagraph, "Returns", "You have 30 days."}}},
		{"an accordion's buttons are its questions", `<div class="accordion"><button class="accordion-button">Can I pay later?</button><div class="panel"><p>Yes, within 30 days.</p></div>` +
			`<button aria-expanded="false">Is parking free?</button><div><p>No, it costs $5.</p></div><button>Send</button></div>`,
			[]shape{{kindQA, "Can I pay later?", "Yes, within 30 days."}, {kindQA, "Is parking free?", "No, it costs $5."}}},
		{"a heading's button keeps its text", `<h3><button class="accordion-button">Can I pay later?</button></h3><div class="panel"><p>Yes, within 30 days.</p></div>` +
			`<h3><button>Is parking free?</button></h3><div><p>No, it costs $5.</p></div>`,
			[]shape{{kindQA, "Can I pay later?", "Yes, within 30 days."}, {kindQA, "Is parking free?", "No, it costs $5."}}},
		{"html details are QA pairs", `<details><summary>Can I pay later?</summary><p>Yes, within 30 days.</p></details><details><summary>Is it free?</summary>Yes.</details>`,
			[]shape{{kindQA, "Can I pay later?", "Yes, within 30 days."}, {kindQA, "Is it free?", "Yes."}}},
		{"page chrome dropped", "Refunds take 5 days.\n\nWas this article helpful?\n\nYes\n\nNo\n",
			[]shape{{kindParagraph, "", "Refunds take 5 days."}}},
		{"bullets in web copy", "Documents\n• ID card\n• Driving licence\n",
			[]shape{{kindItem, "Documents", "ID card"}, {kindItem, "Documents", "Driving licence"}}},
		{"code is kept, its lines whole", "Use the API.\n\n```\ncurl x\n  -d y\n```\n", []shape{{kindParagraph, "", "Use the API."}, {kindCode, "", "curl x\n  -d y"}}},
		{"a command joins its lead-in", "## Installation\n\nInstall it with:\n\n```sh\ngo get -u example.com/tool\n```\n",
			[]shape{{kindCode, "Installation", "Install it with:\ngo get -u example.com/tool"}}},
		{"a long listing is no answer", "Example.\n\n```\n" + strings.Repeat("x := 1\n", maxCodeLines+1) + "```\n", []shape{{kindParagraph, "", "Example."}}},
		{"html pre is code", `<h2>Install</h2><p>Run this in a terminal.</p><pre><code>npm install tool
tool init</code></pre>`, []shape{{kindParagraph, "Install", "Run this in a terminal."}, {kindCode, "Install", "npm install tool\ntool init"}}},
		{"a short answer is no question", "## Is the fee refundable?\n\nNo, the fee is not refundable.\n\nIf I cancel late, does the fee count toward my balance?\n\nNo. A forfeited fee is no longer a credit.\n",
			[]shape{{kindQA, "Is the fee refundable?", "No, the fee is not refundable."},
				{kindQA, "Is the fee refundable? > If I cancel late, does the fee count toward my balance?", "No. A forfeited fee is no longer a credit."}}},
		{"a price list ends before the next sentence", "Extras:\n- Small cake: $20\n- Custom toppers: from $15\nPrices for wedding cakes start at $350.\n",
			[]shape{{kindItem, "", "Small cake: $20"}, {kindItem, "", "Custom toppers: from $15"}, {kindParagraph, "", "Prices for wedding cakes start at $350."}}},
		{"a wrapped item stays whole", "We take:\n- Visa, Mastercard and\nAmerican Express\n",
			[]shape{{kindItem, "", "Visa, Mastercard and American Express"}}},
		{"the page's numbers and marks come off headings and lines", "I. Loan Periods\nBooks are lent for 21 days.\n\n(2) Monatliche Zahlweise\nSie zahlen monatlich im Voraus.\n\n## 2.1 Opening hours\n\nWe open at 9.\n",
			[]shape{{kindParagraph, "Loan Periods", "Books are lent for 21 days."}, {kindParagraph, "Monatliche Zahlweise", "Sie zahlen monatlich im Voraus."},
				{kindParagraph, "Opening hours", "We open at 9."}}},
		{"Q. and A. marks", "Q. Who can export?\nA. Only the account owner.\n\nQ: Are files included?\nA: Yes.\n",
			[]shape{{kindQA, "Who can export?", "Only the account owner."}, {kindQA, "Are files included?", "Yes."}}},
		{"lettered parts, footnote and note marks", "## Times\n\na. Check-in: From 16:00.\nb. Check-out: Before 10:00.\n\n*Bordetella must be given 5 days before.\n\nNOTE: Reports are removed after two months.\n",
			[]shape{{kindParagraph, "Times", "Check-in: From 16:00."}, {kindParagraph, "Times", "Check-out: Before 10:00."},
				{kindParagraph, "Times", "Bordetella must be given 5 days before."}, {kindParagraph, "Times", "Reports are removed after two months."}}},
		{"a date is no section number", "## 1. Januar\n\nGeschlossen.\n", []shape{{kindParagraph, "1. Januar", "Geschlossen."}}},
		{"a title between two procedures ends the first", "How to change a booking\n1. Go to Bookings.\n2. Click Edit.\n3. Click Save.\nHow to cancel a booking\n1. Go to Bookings.\n2. Tick the box.\n3. Choose Cancel.\n",
			[]shape{{kindProcedure, "How to change a booking", "1. Go to Bookings.\n2. Click Edit.\n3. Click Save."},
				{kindProcedure, "How to cancel a booking", "1. Go to Bookings.\n2. Tick the box.\n3. Choose Cancel."}}},
		{"a step's own sentence stays in it", "1. Open Settings.\nYou see the menu.\n2. Click Billing.\n",
			[]shape{{kindProcedure, "", "1. Open Settings. You see the menu.\n2. Click Billing."}}},
		{"a table of contents goes", "Updating your card\nTable of contents\nUpdate your card\nInvoices\nOnly owners can change the card.\nUpdate your card\nOpen Billing to change it.\nInvoices\nInvoices are emailed monthly.\n",
			[]shape{{kindParagraph, "Updating your card", "Only owners can change the card."}, {kindParagraph, "Update your card", "Open Billing to change it."},
				{kindParagraph, "Invoices", "Invoices are emailed monthly."}}},
		{"a step's word and number alone on a line open the step on the next", "How it works\nStep 1:\nMeasure the piece.\nStep 2:\nChoose a frame.\nStep 3:\nChoose a mat.\n",
			[]shape{{kindProcedure, "How it works", "1. Measure the piece.\n2. Choose a frame.\n3. Choose a mat."}}},
		{"what a step announces with a colon stays in it", "How it works\nStep 1:\nMeasure the piece.\nStep 2:\nChose a frame. Think of two things:\nOutside:\n- The colour of the wall.\n- The furniture\nStep 3:\nChose a glass. Answer two questions:\n1. What is your goal?\n2. How long will it hang?\nMost people want to protect the piece.\n",
			[]shape{{kindProcedure, "How it works", "1. Measure the piece.\n2. Chose a frame. Think of two things: Outside: The colour of the wall. The furniture.\n3. Chose a glass. Answer two questions: What is your goal? How long will it hang?"},
				{kindParagraph, "How it works", "Most people want to protect the piece."}}},
		{"a step that ends without a colon keeps the steps apart from what follows", "Step 1: Open Settings.\nStep 2: Click Billing.\nWebsite\nStep 1: Open Bookings.\nStep 2: Click Edit.\n",
			[]shape{{kindProcedure, "", "1. Open Settings.\n2. Click Billing."}, {kindProcedure, "Website", "1. Open Bookings.\n2. Click Edit."}}},
		{"a table pasted with its borders and a row's cells one a line", "Horaires\nMois | Avril | Mai |\nOuverture |\n11h à 17h |\n10h à 18h |\nFermeture | Mercredi | Jeudi |\nLa visite dure 50 minutes.\n",
			[]shape{{kindRow, "Horaires", "Ouverture — Avril: 11h à 17h; Mai: 10h à 18h"}, {kindRow, "Horaires", "Fermeture — Avril: Mercredi; Mai: Jeudi"},
				{kindParagraph, "Horaires", "La visite dure 50 minutes."}}},
		{"a menu with pipes and no rows stays a line", "Home | About | Contact\nWe bake every day.\n",
			[]shape{{kindParagraph, "Home | About | Contact", "We bake every day."}}},
		{"a note's mark against its first word goes", "Ages:\n- Earlobes from 5\n*piercing ages may change.\n- Parents must sign. *be creative\n",
			[]shape{{kindItem, "", "Earlobes from 5 piercing ages may change."}, {kindItem, "", "Parents must sign. be creative"}}},
		{"steps written as paragraphs are one procedure", "Paso 1: Vaya a Mi Cuenta.\n\nPaso 2: Vaya a Configuración.\n\nPaso 3: Elija Cambiar contraseña.\n",
			[]shape{{kindProcedure, "", "1. Vaya a Mi Cuenta.\n2. Vaya a Configuración.\n3. Elija Cambiar contraseña."}}},
		{"a numbered title over its bullets is a heading", "1. Puntualidad:\n- Te damos 15 minutos.\n2. Penalización por retraso:\n- Se cobran 150 pesos.\n",
			[]shape{{kindItem, "Puntualidad", "Te damos 15 minutos."}, {kindItem, "Penalización por retraso", "Se cobran 150 pesos."}}},
		{"labels in capitals head what follows; a remark stays with its sentence", "DEPOSIT:\nOrders need a deposit of 50%.\n(The rest is paid at pick up)\nORDER CHANGES:\nChanges need 7 days' notice.\n",
			[]shape{{kindParagraph, "DEPOSIT", "Orders need a deposit of 50%. (The rest is paid at pick up)"}, {kindParagraph, "ORDER CHANGES", "Changes need 7 days' notice."}}},
		{"a list ends before a new sentence even without a full stop", "Gebühren:\n- Absage bis 48 Stunden: keine Gebühr\n- Absage danach: 100 % der Leistungen, abzüglich des Materials\nAus Kulanz fällt keine Gebühr an.\n",
			[]shape{{kindItem, "", "Absage bis 48 Stunden: keine Gebühr"}, {kindItem, "", "Absage danach: 100 % der Leistungen, abzüglich des Materials"},
				{kindParagraph, "", "Aus Kulanz fällt keine Gebühr an."}}},
		{"a lettered part carried into an item ends the list", "Annulation :\n- Si A, rien.\n- En cas de départ, le prix reste acquis.\nb. Annulation par le propriétaire : elle est signalée.\n- Si B, tout.\n",
			[]shape{{kindItem, "", "Si A, rien."}, {kindItem, "", "En cas de départ, le prix reste acquis."},
				{kindParagraph, "", "Annulation par le propriétaire : elle est signalée."}, {kindItem, "", "Si B, tout."}}},
		{"a sentence about the thing named before goes with it", "Une dégustation est possible 2 mois avant.\nCette dégustation coûte 15 €.\nEt si j'annule ?\nL'acompte est perdu.\n",
			[]shape{{kindParagraph, "", "Une dégustation est possible 2 mois avant. Cette dégustation coûte 15 €."}, {kindQA, "Et si j'annule ?", "L'acompte est perdu."}}},
		{"a Markdown list of links is a menu", "# Tool\n\n## Table of contents\n* [Setup](#setup)\n* [License](#license)\n\n## Setup\nRun the installer.\n",
			[]shape{{kindParagraph, "Tool > Setup", "Run the installer."}}},
		{"numbered sections are headings and their text", "1. Tipos de Reservas\nOfrecemos tres tipos de reserva según lo que necesite cada cliente.\n2. Capacidad del Restaurante\nEl restaurante admite como máximo 40 comensales al día.\n",
			[]shape{{kindParagraph, "Tipos de Reservas", "Ofrecemos tres tipos de reserva según lo que necesite cada cliente."},
				{kindParagraph, "Capacidad del Restaurante", "El restaurante admite como máximo 40 comensales al día."}}},
		{"steps with explanations stay a procedure", "1. Open Settings\nThe settings page shows your account and your plan.\n2. Click Billing.\n   The billing page lists your invoices and your card.\n",
			[]shape{{kindProcedure, "", "1. Open Settings. The settings page shows your account and your plan.\n2. Click Billing. The billing page lists your invoices and your card."}}},
		{"a numbered section among numbered rules", "1. Un seul chien est accepté par emplacement.\n2. Les mineurs sont accompagnés.\n3. MOBIL-HOMES ET CHALETS :\nLes réservations sont de 7 nuits minimum en juillet et août.\n4. ANNULATION :\nEn cas d'annulation l'acompte est conservé.\n",
			[]shape{{kindProcedure, "", "1. Un seul chien est accepté par emplacement.\n2. Les mineurs sont accompagnés."},
				{kindParagraph, "MOBIL-HOMES ET CHALETS", "Les réservations sont de 7 nuits minimum en juillet et août."},
				{kindParagraph, "ANNULATION", "En cas d'annulation l'acompte est conservé."}}},
		{"a price list's last item is no title", "Prices:\n- Cupcakes: $36 per dozen\n- Custom toppers: from $15\nPrices for wedding cakes start at $350.\nPayment\nWe accept cash, all major cards and bank transfer.\n",
			[]shape{{kindItem, "", "Cupcakes: $36 per dozen"}, {kindItem, "", "Custom toppers: from $15"}, {kindParagraph, "", "Prices for wedding cakes start at $350."},
				{kindParagraph, "Payment", "We accept cash, all major cards and bank transfer."}}},
		{"an initial is no answer mark", "A. Smith runs the shop.\nOpen daily.\n", []shape{{kindParagraph, "", "A. Smith runs the shop."}, {kindParagraph, "", "Open daily."}}},
		{"an answer mark under a question heading", "## Q. Who can export?\n\nA. Only the account owner.\n", []shape{{kindQA, "Who can export?", "Only the account owner."}}},
		{"text with a few tags keeps its lines", "Share\nRoom 1\nRoom 1 seats 8 guests. You can book it online.\n<p>The price includes\n<strong>coffee</strong>.</p>\n<div>1. Open the page.\n2. Choose the room.\n3. Pay by card.</div>\n",
			[]shape{{kindParagraph, "Room 1", "Room 1 seats 8 guests. You can book it online."}, {kindParagraph, "Room 1", "The price includes coffee."},
				{kindProcedure, "Room 1", "1. Open the page.\n2. Choose the room.\n3. Pay by card."}}},
		{"a statement line before a heading is a rule, not an empty title", "Cancellation Policy\nWe have adopted the policies below:\n24 hours' notice is required to cancel an appointment\nNo Shows\nA no-show is charged in full.\n",
			[]shape{{kindParagraph, "Cancellation Policy", "We have adopted the policies below:"}, {kindParagraph, "Cancellation Policy", "24 hours' notice is required to cancel an appointment"},
				{kindParagraph, "No Shows", "A no-show is charged in full."}}},
		{"a label and its rule on one line are no title", "No Show Policy\nCancel an hour ahead.\nFirst No Show: 50% of the fee is due\nSecond No Show: 100% of the fee is due\n",
			[]shape{{kindParagraph, "No Show Policy", "Cancel an hour ahead."}, {kindParagraph, "No Show Policy", "First No Show: 50% of the fee is due"},
				{kindParagraph, "No Show Policy", "Second No Show: 100% of the fee is due"}}},
		{"a question line ends the list before it", "Dann entstehen:\n- Leerlaufzeiten\n- längere Wartezeiten für andere Patienten\nUnsere Regelung hilft allen.\nBis wann sollten Termine abgesagt werden?\nBitte sagen Sie 24 Stunden vorher ab.\n- Für Termine am Montag gilt der Werktag davor.\n- Je früher, desto besser.\n",
			[]shape{{kindItem, "", "Leerlaufzeiten"}, {kindItem, "", "längere Wartezeiten für andere Patienten"}, {kindParagraph, "", "Unsere Regelung hilft allen."},
				{kindParagraph, "Bis wann sollten Termine abgesagt werden?", "Bitte sagen Sie 24 Stunden vorher ab."},
				{kindItem, "Bis wann sollten Termine abgesagt werden?", "Für Termine am Montag gilt der Werktag davor."},
				{kindItem, "Bis wann sollten Termine abgesagt werden?", "Je früher, desto besser."}}},
		{"steps numbered in parentheses make one procedure, sub-steps in their step", "Blocking time off\n(1) Go to the Calendar\n(2) In the Day view, click the first slot\n(3) In the Repeats field, select Weekly\n(a) Leave 1 week selected\n(b) Tick each work day\n(4) Click Save\nYou are done.\n",
			[]shape{{kindProcedure, "Blocking time off", "1. Go to the Calendar\n2. In the Day view, click the first slot\n3. In the Repeats field, select Weekly a) Leave 1 week selected b) Tick each work day\n4. Click Save"},
				{kindParagraph, "Blocking time off", "You are done."}}},
		{"step titles whose last has no text stay as written", "1. Open the page\n\nIt shows your account.\n\n2. Choose a plan\n\nEach plan shows its price.\n\n3. Click Save\n",
			[]shape{{kindProcedure, "", "1. Open the page"}, {kindParagraph, "", "It shows your account."}, {kindProcedure, "", "1. Choose a plan"},
				{kindParagraph, "", "Each plan shows its price."}, {kindProcedure, "", "1. Click Save"}}},
		{"numbered step titles over their own text make one procedure", "Booking steps\n1. Open the booking page\nClients start on the public page.\n2. Choose a service\nEach service shows:\n- Its name\n- Its price\nThen they click Book now.\n3. Pick a time\nThey see the free slots.\nThat is all.\n",
			[]shape{{kindProcedure, "Booking steps", "1. Open the booking page. Clients start on the public page.\n2. Choose a service. Each service shows: Its name; Its price. Then they click Book now.\n3. Pick a time. They see the free slots. That is all."}}},
		{"section titles numbered like the clauses under them are headings", "1. Anmeldung\n1. Eine Anmeldung ist verbindlich.\n2. Die Hundeschule kann ihre AGB anpassen.\n2. Dauer\n1. Ein Termin dauert 60 Minuten.\n2. Ein Ersttermin dauert 90 Minuten.\n",
			[]shape{{kindProcedure, "Anmeldung", "1. Eine Anmeldung ist verbindlich.\n2. Die Hundeschule kann ihre AGB anpassen."},
				{kindProcedure, "Dauer", "1. Ein Termin dauert 60 Minuten.\n2. Ein Ersttermin dauert 90 Minuten."}}},
		{"short items before steps stay items", "1. Flour\n2. Sugar\n3. Mix them.\n4. Bake for an hour.\n",
			[]shape{{kindProcedure, "", "1. Flour\n2. Sugar\n3. Mix them.\n4. Bake for an hour."}}},
		{"short lists under labels after a lead-in are one list", "Hours\nThe appointment times available are:\nWeekdays\n- 10am – 12pm\n- 1pm – 6pm\nSaturdays\n- 8am – 12pm\nYou can book by phone.\n",
			[]shape{{kindItem, "Hours", "Weekdays: 10am – 12pm, 1pm – 6pm"}, {kindItem, "Hours", "Saturdays: 8am – 12pm"}, {kindParagraph, "Hours", "You can book by phone."}}},
		{"a label ending with a colon heads its rules, under the title above it", "Bed and Breakfast\nCancelación:\nLa cancelación es gratuita hasta 7 días antes.\nCasas Rurales\nCancelación:\nLa cancelación es gratuita hasta 45 días antes.\n",
			[]shape{{kindParagraph, "Bed and Breakfast > Cancelación", "La cancelación es gratuita hasta 7 días antes."},
				{kindParagraph, "Casas Rurales > Cancelación", "La cancelación es gratuita hasta 45 días antes."}}},
		{"lines of values are no titles; a lead-in with a verb is no label", "Ponygruppe für Kinder ab 3:\nMontag 15:00 - 19:00\nEinzelnachmittag: 20,-€\nThe fees are:\nA lesson costs $40.\n",
			[]shape{{kindParagraph, "Ponygruppe für Kinder ab 3", "Montag 15:00 - 19:00"}, {kindParagraph, "Ponygruppe für Kinder ab 3", "Einzelnachmittag: 20,-€"},
				{kindParagraph, "Ponygruppe für Kinder ab 3", "The fees are:"}, {kindParagraph, "Ponygruppe für Kinder ab 3", "A lesson costs $40."}}},
		{"numbered section titles over short text are headings", "Intro text here.\n\n6. Bezahlung\nMit Karte zahlen geht nicht.\n7. Reklamationen\nFalls etwas schief geht, melden Sie sich bitte.\n",
			[]shape{{kindParagraph, "", "Intro text here."}, {kindParagraph, "Bezahlung", "Mit Karte zahlen geht nicht."},
				{kindParagraph, "Reklamationen", "Falls etwas schief geht, melden Sie sich bitte."}}},
		{"clauses numbered in parentheses stay clauses", "Kündigung\n(1) Der Vertrag beginnt mit der Anmeldung.\n(2) Die Kündigungsfrist beträgt vier Wochen.\n(3) Die Kündigung erfolgt schriftlich.\n",
			[]shape{{kindParagraph, "Kündigung", "Der Vertrag beginnt mit der Anmeldung."}, {kindParagraph, "Kündigung", "Die Kündigungsfrist beträgt vier Wochen."},
				{kindParagraph, "Kündigung", "Die Kündigung erfolgt schriftlich."}}},
		{"an icon before a title is decoration", "🚗 Annulation sans frais\n- Tu peux annuler sans frais jusqu'à 48 heures avant.\n⚠️ À savoir\n- Le justificatif est examiné.\n",
			[]shape{{kindItem, "Annulation sans frais", "Tu peux annuler sans frais jusqu'à 48 heures avant."}, {kindItem, "À savoir", "Le justificatif est examiné."}}},
		{"labels and values after a lead-in are its items", "Fees\nBoth carry a fee. The fees are:\nDentist Appointments: $150\nHygiene Appointments: $75\nNew patients pay the full fee.\n",
			[]shape{{kindItem, "Fees", "Dentist Appointments: $150"}, {kindItem, "Fees", "Hygiene Appointments: $75"}, {kindParagraph, "Fees", "New patients pay the full fee."}}},
		{"a list ends before text that leads into a table of contents", "It works for:\n- vacations\n- sabbaticals\nIt also works for new businesses.\nContents in this article:\n- Blocking out time\n- What you see\nBlocking out time\nOpen the calendar first.\nWhat you see\nRed blocks appear.\nUtilisateurs qui ont trouvé cela utile : 0 sur 0\n",
			[]shape{{kindItem, "", "vacations"}, {kindItem, "", "sabbaticals"}, {kindParagraph, "", "It also works for new businesses."},
				{kindParagraph, "Blocking out time", "Open the calendar first."}, {kindParagraph, "What you see", "Red blocks appear."}}},
		{"a question line after a line without a stop starts its own block", "Delivery\nWhere is my order?\nWe deliver by 6pm.\nIf you need an update on your order, please call us at 555-0100 or email us at help@example.com\nWhat are your delivery times?\nWe deliver from 9am to 6pm.\n",
			[]shape{{kindQA, "Delivery > Where is my order?", "We deliver by 6pm. If you need an update on your order, please call us at 555-0100 or email us at help@example.com"},
				{kindQA, "Delivery > What are your delivery times?", "We deliver from 9am to 6pm."}}},
		{"empty", "", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := parse(Source{ID: "d", Content: c.content})
			if got := shapes(d); !reflect.DeepEqual(got, c.want) {
				t.Errorf("blocks:\n got %q\nwant %q", got, c.want)
			}
		})
	}
}

func TestAnswerKeepsListsAndProceduresWhole(t *testing.T) {
	d := parse(Source{ID: "d", Content: "## Payment\n\nWe accept:\n\n- Visa\n- PayPal\n- Bank transfer\n\n## Return\n\n1. Log in.\n2. Open orders.\n3. Print the label.\n"})
	for i, b := range d.blocks {
		got := d.answerText(i, nil)
		switch b.kind {
		case kindItem:
			if want := "We accept:\n- Visa\n- PayPal\n- Bank transfer"; got != want {
				t.Errorf("item %q: answer %q, want %q", b.text, got, want)
			}
		case kindProcedure:
			if !strings.HasSuffix(got, "3. Print the label.") || !strings.HasPrefix(got, "1. Log in.") {
				t.Errorf("procedure answer %q is not whole", got)
			}
		}
	}
}

func TestBestWindowQuotesWholeSentences(t *testing.T) {
	s := []string{"Our shop opened in 1999.", "Refunds are paid within 5 days.", "They go to your card.", "We love dogs."}
	if got, want := bestWindow(s, Terms("when are refunds paid", EN), EN), "Refunds are paid within 5 days."; got != want {
		t.Errorf("bestWindow = %q, want %q", got, want)
	}
}

// FuzzParse checks that any content parses and answers without panicking,
// and that every block's text and answer are valid, non-empty UTF-8.
// (Words are not checked against the content here: Markdown rendering
// legitimately joins words around marks, "0`A`" is "0A"; the evaluation
// checks answers against their sources.)
func FuzzParse(f *testing.F) {
	for _, s := range []string{shopEN, "# T\n\n1. a\n2. b\n", "<h1>x</h1><ul><li>y?</li></ul>", "Q?\nA.\n", "| a |\n|---|\n| b |",
		"<details><summary>Q?</summary>A</details>", "1. Q?\nA\n2. Q2? A2", "\x00\xff<", "z. B. 1. Mai."} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, content string) {
		if len(content) > 1<<16 {
			return
		}
		d := parse(Source{ID: "f", Content: content})
		for i, b := range d.blocks {
			a := d.answerText(i, nil)
			if !utf8.ValidString(b.text) || !utf8.ValidString(a) || strings.TrimSpace(a) == "" {
				t.Fatalf("block %d: text %q, answer %q", i, b.text, a)
			}
		}
		NewLibrary(1 << 20).Base([]Source{{ID: "f", Content: content}}).Ask(content)
	})
}

func TestPlainInline(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"**Bold**, *em*, _u_, `code x`, [link](http://x)![img](y) ~~old~~ <b>tag</b>", "Bold, em, u, code x, link old tag"},
		{"1. a step stays as it is", "1. a step stays as it is"},
		{"# not a heading", "# not a heading"},
		{"*Bordetella must be given", "*Bordetella must be given"},
		{"snake_case_word", "snake_case_word"},
		{"a < b and x<3", "a < b and x<3"},
		{"plain text", "plain text"},
	} {
		if got := PlainInline(c.in); got != c.want {
			t.Errorf("PlainInline(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

// A schedule pasted from a web page, one time per line, is a list of its
// lines, and a footnote's asterisk is no text.
func TestScheduleLines(t *testing.T) {
	els := lineElements(strings.Split("What are your hours?\nTuesday – Thursday // 4 pm – 9 pm (last booking starts at 8:30 pm)\nFriday // 2 pm – 11 pm\n*2pm – 4pm by booking only\nSaturday // 12 pm – 11 pm\nWe stay open until the last booking has finished.", "\n"))
	var items []string
	for _, e := range els {
		if e.kind == elList {
			items = append(items, e.items...)
		}
	}
	want := []string{"Tuesday – Thursday // 4 pm – 9 pm (last booking starts at 8:30 pm)", "Friday // 2 pm – 11 pm", "2pm – 4pm by booking only", "Saturday // 12 pm – 11 pm"}
	if !reflect.DeepEqual(items, want) {
		t.Errorf("items = %q, want %q", items, want)
	}
}

// Terms in numbered sections: "§ 1 Title" is the section's title, and
// clauses numbered "1.1", "1.2" are their sentences, without the number.
func TestSectionsAndClauses(t *testing.T) {
	els := promoteHeadings(lineElements(strings.Split("§ 1 Anmeldung und Teilnahme\n1.1 An Kursen kann nur teilnehmen, wer angemeldet ist.\n1.2 Bezahlte Kurstermine können übertragen werden.\n§ 2 Kursgebühr\n2.1 Die Kursgebühren sind 14 Tage vor Kursbeginn zu bezahlen.", "\n")))
	var got []string
	for _, e := range els {
		got = append(got, fmt.Sprintf("%d:%s", e.kind, e.text))
	}
	want := []string{
		fmt.Sprintf("%d:Anmeldung und Teilnahme", elHeading),
		fmt.Sprintf("%d:An Kursen kann nur teilnehmen, wer angemeldet ist.", elParagraph),
		fmt.Sprintf("%d:Bezahlte Kurstermine können übertragen werden.", elParagraph),
		fmt.Sprintf("%d:Kursgebühr", elHeading),
		fmt.Sprintf("%d:Die Kursgebühren sind 14 Tage vor Kursbeginn zu bezahlen.", elParagraph),
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("elements = %q, want %q", got, want)
	}
	// one number alone is no clause: "2.5 Stunden dauert der Kurs."
	if c := clauseLines([]string{"2.5 Stunden dauert der Kurs.", "Bringen Sie Wasser mit."}); len(c) != 0 {
		t.Errorf("clauseLines = %v, want none", c)
	}
}

func TestDotLeaders(t *testing.T) {
	for _, c := range [][2]string{
		{"No socios:. . .4,50€/persona.", "No socios: 4,50€/persona."},
		{"Plata:. . . . . . . . . 8 días", "Plata: 8 días"},
		{"No socios. . . . . . 2", "No socios: 2"},
		{"Oro y Familiar:. .15 días", "Oro y Familiar: 15 días"},
		{"Wait... we are open.", "Wait... we are open."},
	} {
		if got := dotLeaders(c[0]); got != c[1] {
			t.Errorf("dotLeaders(%q) = %q, want %q", c[0], got, c[1])
		}
	}
}

func TestSplitClauses(t *testing.T) {
	got := splitClauses([]string{"1. Anmeldung 1.1 Die Anmeldung erfolgt per E-Mail. 1.2 Nach Erhalt ist eine Anzahlung zu leisten.", "4. Rücktritt 4.1 Ein Rücktritt ist jederzeit möglich.", "Version 2.1 Beta is out."})
	want := []string{"1. Anmeldung", "1.1 Die Anmeldung erfolgt per E-Mail.", "1.2 Nach Erhalt ist eine Anzahlung zu leisten.", "4. Rücktritt", "4.1 Ein Rücktritt ist jederzeit möglich.", "Version 2.1 Beta is out."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("splitClauses = %q, want %q", got, want)
	}
}

func TestGluedLabels(t *testing.T) {
	in := []string{
		"Cap or Hat Please bring along a cap, beanie or hat, as the burners give off heat.",
		"Footwear We recommend enclosed footwear, the kind you might wear on a walk.",
		"Bags We ask you to keep baggage on board to a minimum because we are weight limited.",
		"Cameras & Phones Cameras are very welcome, as ballooning is a great chance for photos.",
	}
	want := []string{"Cap or Hat", "Please bring along a cap, beanie or hat, as the burners give off heat.",
		"Footwear", "We recommend enclosed footwear, the kind you might wear on a walk.",
		"Bags", "We ask you to keep baggage on board to a minimum because we are weight limited.",
		"Cameras & Phones", "Cameras are very welcome, as ballooning is a great chance for photos."}
	if got := gluedLabels(in); !reflect.DeepEqual(got, want) {
		t.Errorf("gluedLabels = %q, want %q", got, want)
	}
	prose := []string{"New York City Hall is open from nine to five every day.", "The Museum Shop sells books and gifts to all our visitors.", "Our Team Members will help you find your way around."}
	if got := gluedLabels(prose); !reflect.DeepEqual(got, prose) {
		t.Errorf("gluedLabels(prose) = %q", got)
	}
}

func TestDashNumberedClauses(t *testing.T) {
	for _, c := range []struct {
		line, want string
		ok         bool
	}{
		{"1 - Lorsqu'un client s'inscrit à une leçon privée, il reçoit un courriel.", "Lorsqu'un client s'inscrit à une leçon privée, il reçoit un courriel.", true},
		{"2 – Les cours collectifs doivent être payés en totalité.", "Les cours collectifs doivent être payés en totalité.", true},
		{"2 - 3 days for delivery", "", false},
		{"Step 3 – Click Save", "Click Save", true},
	} {
		got, ok := stepItem(c.line)
		if got != c.want || ok != c.ok {
			t.Errorf("stepItem(%q) = %q, %v; want %q, %v", c.line, got, ok, c.want, c.ok)
		}
	}
}

// A price table written a row a line with dashes between the cells is a
// list of its rows, its header row first.
func TestPriceRows(t *testing.T) {
	els := lineElements(strings.Split("Tarifas\nNO SOCIOS – SOCIO*\nGreen Fee 18 Hoyos – 58€ – 35€\nGreen Fee infantil 9 Hoyos (10 a 16 años) – 18€ – 18€\nAbono Anual – 2400€ – 2280€", "\n"))
	var items []string
	for _, e := range els {
		items = append(items, e.items...)
	}
	want := []string{"NO SOCIOS – SOCIO*", "Green Fee 18 Hoyos – 58€ – 35€", "Green Fee infantil 9 Hoyos (10 a 16 años) – 18€ – 18€", "Abono Anual – 2400€ – 2280€"}
	if !reflect.DeepEqual(items, want) {
		t.Errorf("items = %q, want %q", items, want)
	}
}

// TestCopiedTermsAndPriceLines: an article's title after a paragraph
// without its final stop opens a section; lines ended by an amount are a
// price list's items (not a label's); a dash typed against its item's
// word is a bullet; a statement right under a title is its text.
func TestCopiedTermsAndPriceLines(t *testing.T) {
	src := "CGV\nArticle 1 OBJET\nAnimation du repas et de la soirée dansante par la diffusion de musiques. (Matériel utilisé sono 2.5 kW, portique de lumières)\nArticle 2 TARIF\nLe 1er forfait pour un Mariage le prix est de 1150 Euro\n" +
		"Le 2eme forfait pour un Mariage le prix est de 850 Euro\nFrais de route supérieur à 50 km soit 100 Euros (Départ BRUZ)\n" +
		"Article 3 CONDITIONS DE PAIEMENT\nLes paiements se font par chèques ou en espèces\nTout retard de paiement entraîne une majoration."
	checkBlocks(t, src, []string{
		"0 Article 1 OBJET | Animation du repas et de la soirée dansante par la diffusion de musiques. (Matériel utilisé sono 2.5 kW, portique de lumières)",
		"1 Article 2 TARIF | Le 1er forfait pour un Mariage le prix est de 1150 Euro",
		"1 Article 2 TARIF | Le 2eme forfait pour un Mariage le prix est de 850 Euro",
		"1 Article 2 TARIF | Frais de route supérieur à 50 km soit 100 Euros (Départ BRUZ)",
		"0 Article 3 CONDITIONS DE PAIEMENT | Les paiements se font par chèques ou en espèces",
		"0 Article 3 CONDITIONS DE PAIEMENT | Tout retard de paiement entraîne une majoration.",
	})
	for _, c := range []struct {
		line string
		item bool
	}{
		{"-Hourly Session: $50.00 deposit.", true},
		{"-5% for members", false},
		{"-based on the hours you book", false},
		{"-Yes", false},
		{"-14 days 50% of fees due before move date.", true},
		{"_24 hours before the move the balance is paid.", true},
		{"_Note:_ bring a towel to every class", false},
		{"-2,5 kg of luggage is free", false},
	} {
		if _, ok := bulletItem(c.line); ok != c.item {
			t.Errorf("bulletItem(%q) = %v, want %v", c.line, ok, c.item)
		}
	}
	for _, c := range []struct {
		line   string
		amount bool
	}{
		{"Après 2h du matin et par heure supplémentaire 100 Euros", true},
		{"Half day $45", true},
		{"Tickets für Erwachsene: 1. Runde: 4,20 EUR", false},
		{"The deposit is 150 euros.", false},
		{"We are open from 9 to 17", false},
	} {
		if got := amountLine(c.line); got != c.amount {
			t.Errorf("amountLine(%q) = %v, want %v", c.line, got, c.amount)
		}
	}
}

// TestQuestionAfterListItem: in a page copied without blank lines, a
// question after a list's item opens what follows, and the items after
// it are its own list.
func TestQuestionAfterListItem(t *testing.T) {
	src := "¿Cómo hago mi reserva online?\n- Elige tu fecha.\n- Paga la reserva.\nCuando el pago esté confirmado, recibirás un email.\n¿Qué documentación necesito?\n- El carné de conducir.\n- El pasaporte."
	checkBlocks(t, src, []string{
		"1 ¿Cómo hago mi reserva online? | Elige tu fecha.",
		"1 ¿Cómo hago mi reserva online? | Paga la reserva.",
		"0 ¿Cómo hago mi reserva online? | Cuando el pago esté confirmado, recibirás un email.",
		"1 ¿Qué documentación necesito? | El carné de conducir.",
		"1 ¿Qué documentación necesito? | El pasaporte.",
	})
}

// checkBlocks parses src and compares its blocks, one line each ("kind
// heading > path | text"), with want.
func checkBlocks(t *testing.T, src string, want []string) {
	t.Helper()
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	var got []string
	for _, b := range bs {
		got = append(got, fmt.Sprintf("%d %s | %s", b.Kind, strings.Join(b.Heading, " > "), b.Text))
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("blocks:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestTitleOverListAfterUnfinishedSentence: a title over a list, after a
// sentence whose final stop was left off, heads the list and does not
// end the sentence.
func TestTitleOverListAfterUnfinishedSentence(t *testing.T) {
	src := "Cancellations\n-Deposits are not refundable under any circumstances.\n" +
		"**The new move date must be within 60 days of the original booking and is subject to availability**\n" +
		"Client Readiness & Waiting Time\n-Our crew arrives ready to load at the start time you reserved.\n-After 3 hours of waiting, we may cancel the job."
	checkBlocks(t, src, []string{
		"1 Cancellations | Deposits are not refundable under any circumstances.",
		"0 Cancellations | The new move date must be within 60 days of the original booking and is subject to availability",
		"1 Client Readiness & Waiting Time | Our crew arrives ready to load at the start time you reserved.",
		"1 Client Readiness & Waiting Time | After 3 hours of waiting, we may cancel the job.",
	})
}

// TestQuestionMarksOnTheirOwnLines: "Q." and "A." typed on lines of their
// own, an answer's first word left on the mark's line, a sentence broken
// after "is", and the page's "bottom of page" after a sentence without its
// final stop.
func TestQuestionMarksOnTheirOwnLines(t *testing.T) {
	src := "Q. Why does it go out of tune?\nA.\nHumidity change - that is all.\nQ.\nHow often does my piano need to be tuned?\nA. The\n" +
		"National Piano Association recommends it.\nQ.\nHow much does tuning cost?\nA. The\nfirst visit is $150. Our standard fee is\n$100.00.\n" +
		"Is the diagnosis free?\nThe diagnosis is free, and so is the quote\nbottom of page"
	checkBlocks(t, src, []string{
		"4 Why does it go out of tune? | Humidity change - that is all.",
		"4 How often does my piano need to be tuned? | The National Piano Association recommends it.",
		"4 How much does tuning cost? | The first visit is $150. Our standard fee is $100.00.",
		"4 Is the diagnosis free? | The diagnosis is free, and so is the quote",
	})
	if !titleLine("What This Is") {
		t.Error(`a title's own capital "Is" ends it`)
	}
}

// TestPageEndAfterAList: "bottom of page" after a list's last item, with
// no blank line, is the page's furniture, not the item's continuation.
func TestPageEndAfterAList(t *testing.T) {
	checkBlocks(t, "KIDS HAIRCUT PRICES\n- 12 years old and younger.\nbottom of page", []string{
		"1 KIDS HAIRCUT PRICES | 12 years old and younger.",
	})
}

// TestStagedSteps: steps the page named with a step's word ("Step 2.
// Estimating the cost."), each over its own text, are one procedure
// though no step gives an instruction; a short label after the last
// step's text ("Several important issues:") heads a list of its own.
func TestStagedSteps(t *testing.T) {
	src := "How It Works\nStep 1. How to make an Order.\nYou send a scan of your image through the form.\n" +
		"Step 2. Estimating the cost.\nOnce I receive the file, I examine the image.\nStep 3. Payment.\nAfter the amount is transferred, I send the file.\n" +
		"Several important issues:\n- There is no bulk discount.\n- I do not make urgent orders."
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	if len(bs) != 3 || bs[0].Kind != BlockProcedure || !bs[0].Staged || len(bs[0].Steps) != 3 {
		t.Fatalf("blocks: %+v", bs)
	}
	if bs[0].Steps[1] != "Estimating the cost. Once I receive the file, I examine the image." {
		t.Errorf("step 2: %q", bs[0].Steps[1])
	}
	if bs[1].Kind != BlockItem || bs[1].Lead != "Several important issues:" {
		t.Errorf("after the steps: %+v", bs[1])
	}
	// a lead-in that says to complete the list makes it steps too
	_, bs = ParseBlocks(Source{Name: "test", Content: "Prep Sheet\nThe list below has to be completed before the treatment. Not following it makes it less effective.\n" +
		"1. Everything that blocks the baseboards has to be moved away from the wall, but not out of the room, so that the technician can reach every edge.\n" +
		"2. Items that are dry-clean only should be bagged and taken to the dry cleaners, who should be told about the infestation before they take them in.\n" +
		"3. All other items such as lamps, clocks and radios should stay in the room to be inspected and treated with the rest of the furniture.\n" +
		"4. Mattresses should not be discarded until a professional has inspected them, as they may not have to be discarded at all.\n" +
		"5. Pets should be kept out of the room for the whole day of the treatment and until the surfaces are completely dry again.\n"})
	if n := len(bs); n != 2 || bs[1].Kind != BlockProcedure || !bs[1].Staged {
		t.Errorf("a checklist: %+v", bs)
	}
	// without the step's word, stages that give no instruction stay text
	_, bs = ParseBlocks(Source{Name: "test", Content: "1. Estimating the cost.\nOnce I receive the file, I examine the image.\n" +
		"2. Payment.\nAfter the amount is transferred, I send the file.\n3. Delivery.\nThe file comes by email."})
	for _, b := range bs {
		if b.Staged {
			t.Errorf("staged without a step's word: %+v", b)
		}
	}
}

// TestWrappedTextAndDashLabels: text wrapped at a width, whose lines end
// in mid-sentence, ends a paragraph at a line well short of the others
// before a capital; labels typed with a dash against their last word head
// their text; the page's footer name under its last paragraph goes.
func TestWrappedTextAndDashLabels(t *testing.T) {
	src := "Weekly Service\nReferrals-If you recommend my services to another pool owner and they\n" +
		"begin the service you will get a $25 credit toward your bill as soon as they\nhave paid their first month of service\n" +
		"Payment Terms- Service is billed at the start of the month for that\ncurrent service month and has to be paid by the end of that current month in\n" +
		"order to insure uninterrupted service. If payment has not arrived by the 15th\nthere may be a 10% late charge, at my discretion\n" +
		"Repairs are billed once completed and are due that day unless you have\nmade arrangements beforehand.\n" +
		"Water Level-  It is the homeowner’s responsibility to keep\nproper water levels.\nSwimming Pool Services"
	checkBlocks(t, src, []string{
		"0 Referrals | If you recommend my services to another pool owner and they begin the service you will get a $25 credit toward your bill as soon as they have paid their first month of service",
		"0 Payment Terms | Service is billed at the start of the month for that current service month and has to be paid by the end of that current month in order to insure uninterrupted service. If payment has not arrived by the 15th there may be a 10% late charge, at my discretion",
		"0 Payment Terms | Repairs are billed once completed and are due that day unless you have made arrangements beforehand.",
		"0 Water Level | It is the homeowner’s responsibility to keep proper water levels.",
	})
	for _, keep := range [][]string{
		{"Step 1- Click the Bookings tab on your navigation bar", "Step 2- Open the booking you want to change"},
		{"Monday- Friday from 9 am to 5 pm", "Saturday- Sunday from 10 am to 2 pm"},
		{"Check-In Time is three in the afternoon", "Drop-Off Time is eleven in the morning"},
		{"Referrals- If you recommend us you get a credit of $25"},
	} {
		if got := dashLabels(keep); !reflect.DeepEqual(got, keep) {
			t.Errorf("dashLabels(%q) = %q", keep, got)
		}
	}
}

// TestQuotationKeepsItsStops: a quotation's full stops do not end the
// sentence it is quoted in.
func TestQuotationKeepsItsStops(t *testing.T) {
	got := Sentences("If you search you get “The minimum charge is $75. Hourly rates are $95.” as the answer Google gives. A lockout costs more.")
	want := []string{"If you search you get “The minimum charge is $75. Hourly rates are $95.” as the answer Google gives.", "A lockout costs more."}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Sentences = %q", got)
	}
	// a quotation left open splits as before
	if got := Sentences("He said “yes. Then he left. We closed."); len(got) != 3 {
		t.Errorf("an unclosed quotation: %q", got)
	}
}

// TestFootnotesSectionSignsAndGluedClauses: footnote marks between two
// words are no Markdown emphasis ("pro Tag*zzgl." stays two words), "§1"
// alone on a line over its section's title is a mark, and clauses whose
// numbers are typed against their first word ("1-Toute commande …") are
// numbered, while "3-Day Pass" and "1- How …?" stay as they were.
func TestFootnotesSectionSignsAndGluedClauses(t *testing.T) {
	src := "Preise\n§1\nPreise und Zahlung\nTageskorb 10,00 € pro Tag*zzgl. 5 € Pfand\nWochenkorb 60,00 € für 7 Tage*zzgl. 5 € Pfand\n" +
		"*Der Pfand wird bei Rückgabe erstattet."
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	var all []string
	for _, b := range bs {
		all = append(all, b.Text)
	}
	text := strings.Join(all, "\n")
	if !strings.Contains(text, "pro Tag zzgl. 5 € Pfand") || !strings.Contains(text, "für 7 Tage zzgl.") || strings.Contains(text, "§1") {
		t.Errorf("blocks:\n%s", text)
	}
	if !strings.Contains(text, "Der Pfand wird bei Rückgabe erstattet.") {
		t.Errorf("the footnote is lost:\n%s", text)
	}
	for _, c := range []struct {
		line, want string
		ok         bool
	}{
		{"1-Toute commande doit nous être confirmée par écrit au moins 6 jours avant.", "Toute commande doit nous être confirmée par écrit au moins 6 jours avant.", true},
		{"4-L’estimation du nombre de convives doit nous parvenir avant la date.", "L’estimation du nombre de convives doit nous parvenir avant la date.", true},
		{"3-Day Pass includes entry to all the parks of the city", "", false},
		{"2-Pour", "", false},
	} {
		if got, ok := stepItem(c.line); got != c.want || ok != c.ok {
			t.Errorf("stepItem(%q) = %q, %v", c.line, got, ok)
		}
	}
	if got := footnoteMarks([]byte("Use *emphasis* here.")); string(got) != "Use *emphasis* here." {
		t.Errorf("Markdown emphasis without a footnote changed: %q", got)
	}
}

// TestRoundTwentyFourReader: a website's own notices are furniture; items
// numbered with a run of spaces are a list; a footnote's mark whose
// footnote the page left out goes; a short line under a short answer line
// is that answer's next line, not a question put as a statement.
func TestRoundTwentyFourReader(t *testing.T) {
	for _, l := range []string{"Utilizamos cookies, ¡pero caseras que cada semana trae un compañero! Aquí puedes obtener más información.",
		"Wir verwenden einen Dienst eines Drittanbieters, um den Inhalt der Website zu übersetzen, der dabei möglicherweise Daten über Ihre Aktivitäten sammelt.",
		"You are using an outdated browser. For a faster, safer browsing experience, upgrade for free today."} {
		if !IsChrome(l) {
			t.Errorf("not furniture: %q", l)
		}
	}
	if IsChrome("We bake cookies every morning and sell them by the dozen.") {
		t.Error("a bakery's cookies are no notice")
	}
	checkBlocks(t, "Why does my chimney need a cap?\nA cap is needed for these reasons:\n1        To arrest sparks\n2        To keep out the rain\n3\tTo keep out animals",
		[]string{"2 Why does my chimney need a cap? | A cap is needed for these reasons:\n1. To arrest sparks\n2. To keep out the rain\n3. To keep out animals"})
	// a table's cell borders pasted as text
	checkBlocks(t, "La visite initiale |\n|\nLe contrôleur vérifie le véhicule en 133 points. |\n|", []string{"0 La visite initiale | Le contrôleur vérifie le véhicule en 133 points."})
	if got := string(footnoteMarks([]byte("Avoir un certificat de non contre-indication* à la pratique."))); got != "Avoir un certificat de non contre-indication à la pratique." {
		t.Errorf("stray mark: %q", got)
	}
	src := "1 - Quelles sont les conditions ?\nAvoir au minimum 15 ans.\nLes mineurs doivent avoir une autorisation parentale.\n" +
		"Avoir un certificat médical de moins de 6 mois délivré par votre médecin généraliste.\n2 - Faut-il des lunettes ?\nNon, on vous en fournira sur place."
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	for _, b := range bs {
		if len(b.Heading) > 0 && strings.HasPrefix(b.Heading[len(b.Heading)-1], "Les mineurs") {
			t.Errorf("an answer's line is a heading: %+v", b)
		}
	}
}

// TestQuestionOverDemonstrativeAnswer: a question line over an answer that
// opens on a demonstrative ("Those are the holes …") heads that answer;
// a statement followed by one still goes on ("This fee …").
func TestQuestionOverDemonstrativeAnswer(t *testing.T) {
	checkBlocks(t, "FAQ\nCan we bring pets?\nYes, dogs are welcome on a leash.\nWhat are these craters in the fields?\nThose are the holes where we took out a root ball.",
		[]string{"4 FAQ > Can we bring pets? | Yes, dogs are welcome on a leash.", "4 FAQ > What are these craters in the fields? | Those are the holes where we took out a root ball."})
	checkBlocks(t, "Fees\nA late fee of $10 applies after 10 days.\nThis fee is added to your next bill.",
		[]string{"0 Fees | A late fee of $10 applies after 10 days. This fee is added to your next bill."})
}

// TestLazyLinesAfterClauseEnds: an item ending on a word that may end a
// clause ("… earlobe piercings only") is whole, so the label and the
// titles on the lazy lines after it head what follows; a statement read as
// a title over nothing ("We do not pierce infants" before the next title)
// stays a paragraph.
func TestLazyLinesAfterClauseEnds(t *testing.T) {
	src := "Minors must come with a parent:\n- a passport\n- minors under 11 can provide just a birth certificate for earlobe piercings only\n" +
		"Ages required for specific piercings:\n*piercing ages are subject to change.\nMinors 13 to 5 years old\n- Standard earlobes\n" +
		"*We do not pierce infants\nMinors 14 and older with parent consent\n- earlobes"
	checkBlocks(t, src, []string{
		"1  | a passport",
		"1  | minors under 11 can provide just a birth certificate for earlobe piercings only",
		"0 Ages required for specific piercings | piercing ages are subject to change.",
		"1 Minors 13 to 5 years old | Standard earlobes",
		"0 Minors 13 to 5 years old | We do not pierce infants",
		"1 Minors 14 and older with parent consent | earlobes",
	})
	for line, want := range map[string]bool{"for earlobe piercings only": false, "Visa, Mastercard and": true, "valable aussi": false} {
		if got := carriesOn(line); got != want {
			t.Errorf("carriesOn(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestLabelledListsAnnouncedByTheLastStep: the last of steps written as
// titles over their text announces lists ("Dieses sind:"), each under a
// short label: the step keeps them, a label and its items a sentence, so
// the procedure does not stop at its colon.
func TestLabelledListsAnnouncedByTheLastStep(t *testing.T) {
	src := "Erste Schritte\nSchritt 1: Arzt verständigen\nRufen Sie zuerst einen Arzt an.\nSchritt 2: Kontakt zum Bestatter\nNehmen Sie Kontakt zu einem Bestatter auf!\n" +
		"Schritt 3: Unterlagen einreichen\nSie müssen diese Unterlagen einreichen. Dieses sind:\nLedige Verstorbene\n- Totenschein\n- Geburtsurkunde\n" +
		"Verwitwete Verstorbene\n- Totenschein\n- Sterbeurkunde des Partners"
	checkBlocks(t, src, []string{
		"2 Erste Schritte | 1. Arzt verständigen. Rufen Sie zuerst einen Arzt an.\n2. Kontakt zum Bestatter. Nehmen Sie Kontakt zu einem Bestatter auf!\n" +
			"3. Unterlagen einreichen. Sie müssen diese Unterlagen einreichen. Dieses sind: Ledige Verstorbene: Totenschein, Geburtsurkunde. " +
			"Verwitwete Verstorbene: Totenschein, Sterbeurkunde des Partners.",
	})
}

// TestNumberedPartsOfEightWords: numbered titles of up to eight words over
// their text, on lazy lines, are the page's parts, and the title of the
// next part, taken into the last item, heads what follows.
func TestNumberedPartsOfEightWords(t *testing.T) {
	src := "Principios\n- Extrae el cargador.\n3. No manipules un arma que no sabes usar\nSi no conoces cómo funciona una pistola, no la empuñes.\n" +
		"4. No hay “punto medio” entre cargada o descargada\nUna pistola está cargada o descargada. No existe término medio.\n" +
		"Comportamiento responsable en la galería\n- Nunca dejes el arma sobre la mesa."
	checkBlocks(t, src, []string{
		"1 Principios | Extrae el cargador.",
		"0 No manipules un arma que no sabes usar | Si no conoces cómo funciona una pistola, no la empuñes.",
		"0 No hay “punto medio” entre cargada o descargada | Una pistola está cargada o descargada. No existe término medio.",
		"1 Comportamiento responsable en la galería | Nunca dejes el arma sobre la mesa.",
	})
}

// TestSubStepsUnderANamedStep: "Step 6:" over "At the locker:" and its own
// "1.", "2.", "3." keeps them as its sentences, and "Step 7:" after them
// goes on from step 6; a long bullet without its stop before one opening
// with a capital ends a sentence there.
func TestSubStepsUnderANamedStep(t *testing.T) {
	src := "How to use the lockers\nStep 1: Fill Out the Form\n- Complete all the required fields if you want them done in specific way\n- Once complete, put the form in the bag.\n" +
		"Step 2: Deposit Your Bag\n- Place your bag into the drop-off box.\nStep 3: Collect Your Items\n- At the locker:\n1. Press the Start button.\n2. Enter your access code.\n" +
		"Step 4: Verify Your Order\n- Check that the number of items is correct."
	checkBlocks(t, src, []string{
		"2 How to use the lockers | 1. Fill Out the Form. Complete all the required fields if you want them done in specific way. Once complete, put the form in the bag.\n" +
			"2. Deposit Your Bag. Place your bag into the drop-off box.\n3. Collect Your Items. At the locker: Press the Start button. Enter your access code.\n" +
			"4. Verify Your Order. Check that the number of items is correct.",
	})
}

// TestPageDividedByListLabels: three labels or more over lists
// ("Interdictions :", "Modes de pêche autorisés:", "Obligations :") head
// sections from the first, though a paragraph comes before it.
func TestPageDividedByListLabels(t *testing.T) {
	src := "Règlement du Carpodrôme\nNO KILL : Remise à l’eau obligatoire de chaque poisson.\nInterdictions :\n- Pêche de nuit interdite.\n" +
		"Modes de pêche autorisés:\n- Coup\n- Feeder\nObligations :\n- Hameçons sans ardillons."
	checkBlocks(t, src, []string{
		"0 Règlement du Carpodrôme | NO KILL : Remise à l’eau obligatoire de chaque poisson.",
		"1 Règlement du Carpodrôme > Interdictions | Pêche de nuit interdite.",
		"1 Règlement du Carpodrôme > Modes de pêche autorisés | Coup",
		"1 Règlement du Carpodrôme > Modes de pêche autorisés | Feeder",
		"1 Règlement du Carpodrôme > Obligations | Hameçons sans ardillons.",
	})
}

// TestDayLinesOverTheirTimes: a schedule written one cell a line, a day
// span over its times, is read as rows under the schedule's title.
func TestDayLinesOverTheirTimes(t *testing.T) {
	src := "SPIELZEITEN AUF DEN COURTS :\nMONTAG – DONNERSTAG\n09.00 – 22.30 Uhr\nSONNTAG\n09.00 – 22.30 Uhr\nSCHUHE\nStraßenschuhe sind in der Halle nicht erlaubt."
	checkBlocks(t, src, []string{
		"0 SPIELZEITEN AUF DEN COURTS | MONTAG – DONNERSTAG: 09.00 – 22.30 Uhr",
		"0 SPIELZEITEN AUF DEN COURTS | SONNTAG: 09.00 – 22.30 Uhr",
		"0 SCHUHE | Straßenschuhe sind in der Halle nicht erlaubt.",
	})
}

// TestDashRowsAndTitleCaseTitles: lines of a name, a spaced dash and its
// value, three or more in a row, are a list; a Title Case title after a
// line without its stop, over text opening with a capital, heads that
// text.
func TestDashRowsAndTitleCaseTitles(t *testing.T) {
	src := "Mandatory Safety Equipment\nEvery participant must wear the following gear:\nProtective Gloves – Provided by us\nHard Hat – Provided by us\n" +
		"Closed-Toe Shoes – Participant must provide; we cannot guarantee coveralls for every session\nRage Room Guest Policy\nAt our house, your safety matters."
	checkBlocks(t, src, []string{
		"1 Mandatory Safety Equipment | Protective Gloves – Provided by us",
		"1 Mandatory Safety Equipment | Hard Hat – Provided by us",
		"1 Mandatory Safety Equipment | Closed-Toe Shoes – Participant must provide; we cannot guarantee coveralls for every session",
		"0 Rage Room Guest Policy | At our house, your safety matters.",
	})
}

// TestAddressedLinesAreNoTitles: a line without its stop whose subject is
// the customer or the business ("You can sell 25-400 items", "Your Drop
// Off times are before the Presale") is no title; a possessive opening a
// title without a verb ("Nuestros requisitos para confirmar reservas")
// still heads its text.
func TestAddressedLinesAreNoTitles(t *testing.T) {
	for line, want := range map[string]bool{"You can sell 25-400 items": true, "Your Drop Off times are before the Presale": true,
		"Nuestros requisitos para confirmar reservas": false, "Je souhaite annuler ma commande": false} {
		if got := addressed(line); got != want {
			t.Errorf("addressed(%q) = %v, want %v", line, got, want)
		}
	}
}

// TestNamedStepsRunToTheNext: a step the page named ("STEP 1: REGISTER")
// takes what comes before the next named step, labels and dates
// included, so the steps make one procedure.
func TestNamedStepsRunToTheNext(t *testing.T) {
	src := "How to consign\nSTEP 1: REGISTER\nRegistrations OPEN:\nAUG 18th @ 9am\nThe registration fee is $15.\nSTEP 2: PREPARE YOUR ITEMS\nGather the items you want to sell.\n" +
		"STEP 3: SCHEDULE DROP OFF\nSelect an open drop off shift that works for you."
	checkBlocks(t, src, []string{
		"2 How to consign | 1. REGISTER. Registrations OPEN: AUG 18th @ 9am. The registration fee is $15.\n2. PREPARE YOUR ITEMS. Gather the items you want to sell.\n" +
			"3. SCHEDULE DROP OFF. Select an open drop off shift that works for you.",
	})
}

// TestFollowUpQuestionJoinsItsQuestion: "Et une femme enceinte ?" after a
// question on its own line is one question with it.
func TestFollowUpQuestionJoinsItsQuestion(t *testing.T) {
	src := "Personnes fragiles\nEst-ce que mon bébé peut participer?\nEt une femme enceinte ?\nOn nous pose souvent la question, et la réponse dépend de chacun."
	checkBlocks(t, src, []string{
		"4 Personnes fragiles > Est-ce que mon bébé peut participer? Et une femme enceinte ? | On nous pose souvent la question, et la réponse dépend de chacun.",
	})
}

// TestPastedTableWithoutItsCornerCell: a pasted table whose header has no
// cell over the rows' names (every row one cell longer) keeps each value
// under its own header.
func TestPastedTableWithoutItsCornerCell(t *testing.T) {
	src := "Península\n< 50 € | < 100 € | Plazo entrega\nCourier Urgente | 5,90 | 5,00 | 1-2 días\nCourier Normal | 3,90 | 3,00 | 5-8 días\n"
	checkBlocks(t, src, []string{
		"3 Península | Courier Urgente — < 50 €: 5,90; < 100 €: 5,00; Plazo entrega: 1-2 días",
		"3 Península | Courier Normal — < 50 €: 3,90; < 100 €: 3,00; Plazo entrega: 5-8 días",
	})
}

// TestDateLinesWithHourRanges: a schedule's lines "Samedi 13 juillet –
// 9h-18h30", "Dimanche 14 juillet – 9h-18h" under their label are one
// list; the second is no title over the rest of the page.
func TestDateLinesWithHourRanges(t *testing.T) {
	checkBlocks(t, "Horaires de l’atelier :\nSamedi 13 juillet – 9h-18h30\nDimanche 14 juillet – 9h-18h\nMerci de ramener les costumes avant la fermeture du dimanche.", []string{
		"1  | Samedi 13 juillet – 9h-18h30",
		"1  | Dimanche 14 juillet – 9h-18h",
		"0  | Merci de ramener les costumes avant la fermeture du dimanche.",
	})
}

// TestPastedTableWithoutAHeader: a pasted table whose first line is a
// name and its price ("Base Fee | 9,00€ | …") has no header: the first
// line is its first row, and no row is read under its cells.
func TestPastedTableWithoutAHeader(t *testing.T) {
	src := "Prices\nBase Fee | 9,00€ | Starting price of a tour\nEnvelope | 1,20€ per km | A4 envelopes, keys\nS | 1,50€ | max. 5kg\n"
	checkBlocks(t, src, []string{
		"3 Prices | Base Fee — 9,00€; Starting price of a tour",
		"3 Prices | Envelope — 1,20€ per km; A4 envelopes, keys",
		"3 Prices | S — 1,50€; max. 5kg",
	})
}

// TestNumberedQuestionsWithTheLastUnanswered: numbered questions with
// their answers stay pairs when the last question has no answer (a page
// cut short), rather than all becoming one procedure.
func TestNumberedQuestionsWithTheLastUnanswered(t *testing.T) {
	src := "Preguntas frecuentes\n- Contratos\n- Estatutos\n4. ¿Es necesario presentar el documento original?\nEn principio no hace falta presentar el documento original.\n" +
		"5. ¿Puedo solicitar varias copias?\nSí. Cada copia adicional cuesta un 25 % del precio.\n6. ¿Qué plazo de entrega tiene una traducción jurada?\n"
	checkBlocks(t, src, []string{
		"1 Preguntas frecuentes | Contratos",
		"1 Preguntas frecuentes | Estatutos",
		"4 Preguntas frecuentes > ¿Es necesario presentar el documento original? | En principio no hace falta presentar el documento original.",
		"4 Preguntas frecuentes > ¿Puedo solicitar varias copias? | Sí. Cada copia adicional cuesta un 25 % del precio.",
	})
}

// TestMenuBetweenLinesWithoutStops: a site's menu and breadcrumb between
// lines without their final stops are dropped as chrome, not run into the
// page's title; and a table's "Was" header names no rows.
func TestMenuBetweenLinesWithoutStops(t *testing.T) {
	src := "Contenedores Hermanos Ribera – Alquiler de contenedores de obra\nInicio | Contenedores | Tamaños | Normas de uso | Preguntas frecuentes | Contacto\n" +
		"Inicio > Información > Preguntas frecuentes\nTenemos contenedores de 3,5 m³ y de 5 m³.\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	for _, b := range bs {
		if strings.Contains(b.Text, "Normas de uso") {
			t.Errorf("the menu in a block: %q", b.Text)
		}
	}
	checkBlocks(t, "Regeln\n\n| Was | Regelung |\n|---|---|\n| Fahrt ins Ausland | mindestens 5 Tage vorher melden |\n", []string{
		"3 Regeln | Fahrt ins Ausland — Regelung: mindestens 5 Tage vorher melden",
	})
}

// TestNamedStepsWithTitleCaseCommas: steps the page named ("Step 3: Check
// the Blade Profile for Contour, Chips, & Tip Damage"), each over its
// paragraphs, are one procedure though a title in capitals has commas.
func TestNamedStepsWithTitleCaseCommas(t *testing.T) {
	src := "Knife Sharpening Process\nEvery step of it is done by hand.\nStep 1: Clean the Blade & Remove Oxidation\nFirst I clean your blade.\n" +
		"Step 2: Assess the Blade for Straightness & Correct (If Necessary)\nSome blades need straightening.\n" +
		"Step 3: Check the Blade Profile for Contour, Chips, & Tip Damage\nI look over the profile for chips.\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	steps := procedureSteps(bs)
	if len(steps) != 3 || steps[2] != "Check the Blade Profile for Contour, Chips, & Tip Damage. I look over the profile for chips." {
		t.Fatalf("steps: %q (blocks %+v)", steps, bs)
	}
	if titleWords("Clients that arrive late, will be charged extra") {
		t.Error("a sentence read as a title in capitals")
	}
}

// TestPastedTableGroupsAndDittoMarks: a pasted table without outer
// borders keeps an empty first cell in its column (the row above's name),
// a ditto mark takes the cell above, and the header repeated over the
// next group of rows is a header, not a row.
func TestPastedTableGroupsAndDittoMarks(t *testing.T) {
	src := "Preise\nBau- und Haushaltsabfälle | Zusatzinfo | Entgelt\nPKW | Kofferraum | 6,00\n| Kofferraum bei umgeklappter Rückbank | 8,50\n" +
		"Altreifen | Zusatzinfo | Entgelt\nPKW-Reifen | mit Felge pro Stück | 4,30\n\" | ohne Felge pro Stück | 2,80\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	var rows []string
	for _, b := range bs {
		if b.Kind == BlockRow {
			rows = append(rows, b.Text)
		}
	}
	want := []string{
		"PKW — Zusatzinfo: Kofferraum; Entgelt: 6,00",
		"PKW — Zusatzinfo: Kofferraum bei umgeklappter Rückbank; Entgelt: 8,50",
		"PKW-Reifen altreifen — Zusatzinfo: mit Felge pro Stück; Entgelt: 4,30",
		"PKW-Reifen altreifen — Zusatzinfo: ohne Felge pro Stück; Entgelt: 2,80",
	}
	if strings.Join(rows, "\n") != strings.Join(want, "\n") {
		t.Errorf("rows:\n%s\nwant:\n%s", strings.Join(rows, "\n"), strings.Join(want, "\n"))
	}
}

// TestGermanClauseEndsOnItsPrefix: a German line without its final stop
// that ends on its verb's separable prefix ("… bringt ihr … mit") ends its
// sentence; the title under it is no part of it (round thirty-one's
// climbing hall ran "mit" into "Einverständniserklärung für Minderjährige
// über 14" and answered that form's question under the other's).
func TestGermanClauseEndsOnItsPrefix(t *testing.T) {
	src := "Einverständniserklärung für Minderjährige unter 14\nDiese Formular bringt ihr für eure eigenen Kinder mit\n" +
		"Einverständniserklärung für Minderjährige über 14\nJugendliche zwischen 14 und 18 Jahre brauchen dieses Formular!\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	for _, b := range bs {
		if strings.Contains(b.Text, "mit Einverständniserklärung") {
			t.Errorf("the clause ran into the title: %q", b.Text)
		}
		if strings.HasPrefix(b.Text, "Jugendliche") && (len(b.Heading) == 0 || !strings.Contains(b.Heading[len(b.Heading)-1], "über 14")) {
			t.Errorf("the over-14 form's text under %q", b.Heading)
		}
	}
	for _, c := range []struct {
		line string
		want bool
	}{
		{"Diese Formular bringt ihr für eure eigenen Kinder mit", true},
		{"Bitte bringt eure Kletterschuhe mit", true},
		{"Wir holen euch gerne am Bahnhof ab", true},
		{"Kinder kommen gerne mit", false},
		{"We will meet you at", false},
	} {
		if got := germanParticleEnd(words(strings.ToLower(c.line))); got != c.want {
			t.Errorf("germanParticleEnd(%q) = %v", c.line, got)
		}
	}
}

// TestListWithoutItsBullets: short lines after a lead-in ending with a
// colon, in text copied from a web page, are the items of a list whose
// bullets were lost; under a question they are part of its answer with
// the paragraph after them (heldout24's allotment club: "Dazu kommen
// laufende Kosten:" over four lines, then "Insgesamt … etwa 180 Euro", had
// made "Wasserkosten" a heading over the rest of the page). A label alone
// over lines of values, a lead-in over a title and a price table's rows,
// are not such a list.
func TestListWithoutItsBullets(t *testing.T) {
	src := "Kosten\nWas kostet ein Kleingarten im Jahr?\nZu Beginn zahlen Sie einmalig eine Kaution von 150 Euro. Dazu kommen laufende Kosten:\nVereinsbeitrag\njährliche Pacht\nVersicherung\nWasserkosten\n" +
		"Insgesamt kommen jährlich etwa 180 Euro zusammen.\nMuss ich dem Vorpächter etwas bezahlen?\nJa, eine Ablöse.\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	var answer string
	for _, b := range bs {
		if len(b.Heading) > 0 && b.Heading[len(b.Heading)-1] == "Was kostet ein Kleingarten im Jahr?" {
			answer += b.Text
		}
		if slices.Contains(b.Heading, "Wasserkosten") {
			t.Errorf("an item became a heading: %q under %q", b.Text, b.Heading)
		}
	}
	for _, want := range []string{"Dazu kommen laufende Kosten:\n- Vereinsbeitrag\n- jährliche Pacht\n- Versicherung\n- Wasserkosten\n", "etwa 180 Euro"} {
		if !strings.Contains(answer, want) {
			t.Errorf("answer %q without %q", answer, want)
		}
	}
	for _, c := range []struct {
		lines []string
		want  int
	}{
		{[]string{"Vereinsbeitrag", "jährliche Pacht", "Versicherung", "Insgesamt kommen jährlich etwa 180 Euro zusammen."}, 3},
		{[]string{"Precios 2024", "Media pension – Pension completa", "Hasta 3 años – 13€ – 23€"}, 0},
		{[]string{"Towels", "Sun cream", "Your season", "When do you open?"}, 2}, // (the last short line heads the next question)
		{[]string{"Towels", "The season", "When do you open?"}, 0},
	} {
		if got := bareItems(c.lines); got != c.want {
			t.Errorf("bareItems(%q) = %d, want %d", c.lines, got, c.want)
		}
	}
}

// TestMenuALinkALine: a site's menu copied a link a line at the top of a
// page heads nothing (its last link, "Kontakt", had headed the page's
// introduction); a title repeated over the page's first heading is no
// menu.
func TestMenuALinkALine(t *testing.T) {
	src := "Kleingärtnerverein Am Mühlbach e.V.\nStartseite\nVerein\nFreie Gärten\nTermine\nHäufige Fragen\nKontakt\n" +
		"Sie träumen von Tomaten aus dem eigenen Beet? Hier sind die Fragen, die uns Interessierte am häufigsten stellen.\nKosten\nDer Beitrag beträgt 180 Euro im Jahr.\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	for _, b := range bs {
		if strings.HasPrefix(b.Text, "Sie träumen") && len(b.Heading) > 0 {
			t.Errorf("the introduction under %q", b.Heading)
		}
	}
	els := []element{{kind: elParagraph, text: "POLÍTICAS DE CANCELACIÓN"}, {kind: elParagraph, text: "POLÍTICAS DE CANCELACIÓN"},
		{kind: elParagraph, text: "POLÍTICAS DE CANCELACIÓN"}, {kind: elParagraph, text: "TÉRMINOS Y CONDICIONES"},
		{kind: elList, items: []string{"Toda reserva debe hacerse con una anticipación mínima de 24 horas."}}}
	if got := dropMenu(els); len(got) != len(els) {
		t.Errorf("a repeated title dropped as a menu: %+v", got)
	}
}

// TestTitledAnswers: short lines right under a question, with nothing
// between them, are its answer's items, not titles over nothing (which
// lost them).
func TestTitledAnswers(t *testing.T) {
	checkBlocks(t, "Preguntas frecuentes\n¿Qué tamaños de contenedor tenéis?\nContenedor pequeño: 3,5 m³\nContenedor grande: 7 m³\nCajas de 20 m³ y de 30 m³\n"+
		"Ten en cuenta que en la vía pública solo caben contenedores de hasta 7 m³.\n¿Necesito algún permiso?\nSí, si va en la calle.",
		[]string{"1 Preguntas frecuentes > ¿Qué tamaños de contenedor tenéis? | Contenedor pequeño: 3,5 m³",
			"1 Preguntas frecuentes > ¿Qué tamaños de contenedor tenéis? | Contenedor grande: 7 m³",
			"1 Preguntas frecuentes > ¿Qué tamaños de contenedor tenéis? | Cajas de 20 m³ y de 30 m³",
			"0 Preguntas frecuentes > ¿Qué tamaños de contenedor tenéis? | Ten en cuenta que en la vía pública solo caben contenedores de hasta 7 m³.",
			"4 Preguntas frecuentes > ¿Necesito algún permiso? | Sí, si va en la calle."})
}

// TestTrailingChrome: the page's "was this helpful" run into the end of
// an answer is not part of it; an answer's own "Yes!" is.
func TestTrailingChrome(t *testing.T) {
	checkBlocks(t, "Puis-je offrir un bon cadeau ?\nUn bon cadeau n'est remboursable que dans les 7 jours suivant son paiement. Cette information vous a-t-elle été utile ? Oui Non",
		[]string{"4 Puis-je offrir un bon cadeau ? | Un bon cadeau n'est remboursable que dans les 7 jours suivant son paiement."})
	checkBlocks(t, "Do you sell gift certificates?\nYes! We offer a 3-hour gift certificate for $150.",
		[]string{"4 Do you sell gift certificates? | Yes! We offer a 3-hour gift certificate for $150."})
}

// TestNamedStages: numbered stages, each a name over what to do in it,
// are one procedure whose steps keep their names; numbered sections of
// rules (what they forbid tells them apart) stay sections.
func TestNamedStages(t *testing.T) {
	stages := "1. Booking the Appointment:\nGet in touch with the notary service, either by phone or by email.\nGive the essential information such as your name.\n" +
		"2. Deposit Payment:\nPay the deposit to confirm and hold your appointment.\nDeposits are non-refundable.\n" +
		"3. Journal Entry:\nThe notary will write down the details of the notarization in their journal.\n" +
		"4. Payment Balance:\nPay any remaining balance or fees for the notarization service.\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: stages})
	var steps []string
	staged := false
	for _, b := range bs {
		if b.Kind == BlockProcedure {
			steps, staged = b.Steps, b.Staged
		}
	}
	if len(steps) != 4 || !staged || steps[1] != "Deposit Payment. Pay the deposit to confirm and hold your appointment. Deposits are non-refundable." {
		t.Fatalf("steps: %q staged %v (blocks %+v)", steps, staged, bs)
	}
	rules := "1. Hygiene & Cleanliness:\nShower before you enter the sauna.\nDo not shave or scrub in the sauna.\n" +
		"2. Noise & Atmosphere:\nKeep the atmosphere calm and quiet.\nPlaying music is not allowed.\n" +
		"3. Appropriate Clothing:\nFollow the sauna's clothing guidelines.\nNo shoes inside the sauna.\n"
	_, bs = ParseBlocks(Source{Name: "test", Content: rules})
	for _, b := range bs {
		if b.Kind == BlockProcedure {
			t.Fatalf("rules read as a procedure: %q", b.Steps)
		}
	}
	if len(bs) == 0 || len(bs[0].Heading) == 0 || bs[0].Heading[len(bs[0].Heading)-1] != "Hygiene & Cleanliness" {
		t.Fatalf("rules' sections lost: %+v", bs)
	}
}

// TestBareStepNumbers: a step's number on a line of its own, its text on
// the next, is one numbered step; a lone number is left as it is.
func TestBareStepNumbers(t *testing.T) {
	src := "How to order\n1.\nLook over the sizes on our website.\n2.\nHead to the purchase tab and add a container to your cart.\n3.\nGo to the cart and check out.\n"
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	steps := procedureSteps(bs)
	if len(steps) != 3 || steps[1] != "Head to the purchase tab and add a container to your cart." {
		t.Fatalf("steps %q (blocks %+v)", steps, bs)
	}
	if got := string(bareNumbers([]byte("Our top 3 picks\n1.\nText"))); got != "Our top 3 picks\n1.\nText" {
		t.Errorf("a lone number joined: %q", got)
	}
}

// TestAccordionTitles: the "+" a copied page keeps before the titles of
// its folded sections is dropped, so that each title heads its text; a
// plain list of "+" items stays a list.
func TestAccordionTitles(t *testing.T) {
	src := "+ Comment placer mes commandes\nTous les jeudis, nous envoyons notre menu.\n+ Quelle est votre procès de facturation?\nVous êtes facturé dans les 48 heures.\n"
	if got := string(accordionMarks([]byte(src))); strings.Contains(got, "+ ") {
		t.Errorf("accordionMarks kept the marks: %q", got)
	}
	list := "Bring:\n+ a towel\n+ shoes\n+ water\n\nSee you soon."
	if got := string(accordionMarks([]byte(list))); got != list {
		t.Errorf("a list lost its marks: %q", got)
	}
}

// TestHashNumbers: the numbers a page marks with "#" before its
// sections' lines are dropped; a single "1#" or a line not numbered from
// 1 stays.
func TestHashNumbers(t *testing.T) {
	src := "Conditions\n1# PRIX : Les prix sont fixés au contrat.\n2# PAIEMENT : Au comptant.\n"
	if got := string(hashNumbers([]byte(src))); got != "Conditions\nPRIX : Les prix sont fixés au contrat.\nPAIEMENT : Au comptant.\n" {
		t.Errorf("hashNumbers = %q", got)
	}
	for _, keep := range []string{"Call 1# now\n", "3# PRIX : a\n4# B : b\n", "Room 1#\n"} {
		if got := string(hashNumbers([]byte(keep))); got != keep {
			t.Errorf("hashNumbers(%q) = %q, want it kept", keep, got)
		}
	}
}

// procedureSteps are the steps of the last procedure among bs.
func procedureSteps(bs []Block) (steps []string) {
	for _, b := range bs {
		if b.Kind == BlockProcedure {
			steps = b.Steps
		}
	}
	return steps
}

// TestStepChoicesThenMoreSteps: a step announcing bullets, then the
// steps numbered on after them, is one procedure.
func TestStepChoicesThenMoreSteps(t *testing.T) {
	src := "Taking a sample\n1. Pick up a bottle from the lab.\n2. Run the cold water for four minutes.\n3. Take the lid off the bottle:\n- do not touch the inside of the lid\n- do not rinse the bottle\n4. Fill the bottle to the mark.\n5. Bring it back within 2 hours.\n"
	if steps := procedureSteps(mustBlocks(src)); len(steps) != 5 {
		t.Fatalf("steps %q", steps)
	}
}

func mustBlocks(src string) []Block {
	_, bs := ParseBlocks(Source{Name: "test", Content: src})
	return bs
}

// TestTabSeparatedTables: a table copied from a web page as text has its
// cells between tabs; its rows are rows under their header, the header
// being the first line when its cells are short names (a table of two
// rows without one keeps both).
func TestTabSeparatedTables(t *testing.T) {
	src := "Nos parcours\nParcours\tHauteur\tPour qui\nParcours violet\t2 mètres\tenfants de 4 à 7 ans\nParcours noir\t8 mètres\tà partir de 1m30\n" +
		"Horaires\nSaison (d'avril à fin octobre)\ttous les jours\tde 10h à 19h\nDernier départ\ttous les jours\t17h\n" +
		"Moyens de paiement : carte bancaire et espèces.\n"
	checkBlocks(t, src, []string{
		"3 Nos parcours | Parcours violet — Hauteur: 2 mètres; Pour qui: enfants de 4 à 7 ans",
		"3 Nos parcours | Parcours noir — Hauteur: 8 mètres; Pour qui: à partir de 1m30",
		"3 Horaires | Saison (d'avril à fin octobre) — tous les jours; de 10h à 19h",
		"3 Horaires | Dernier départ — tous les jours; 17h",
		"0 Horaires | Moyens de paiement : carte bancaire et espèces.",
	})
}

// TestRoundFortyReader: a step's word and number alone on a line over the
// stage's name ("Step 1" over "CONTRACT SIGNATURE" over "Day 1-2" over its
// text) name a step, the last one too; stages a page announces ("Fases
// para …") and writes as bullets over their text are one procedure; a
// title of two things between "/" is no breadcrumb; a numbered rule's
// title is a heading however long; a dated note's label ("Update 2021-")
// heads its text.
func TestRoundFortyReader(t *testing.T) {
	checkBlocks(t, "What to Expect\nStep 1\nCONTRACT SIGNATURE\nDay 1-2\nSign the agreement online. Check your junk folder.\n"+
		"Step 2\nPERMIT SUBMITTAL\nDay 3-5\nWe send the permit to the village.\nStep 3\nSCHEDULE MARKINGS\nDay 6-9\nWe call the utility to mark your lines.\n", []string{
		"2 What to Expect | 1. CONTRACT SIGNATURE. Day 1-2. Sign the agreement online. Check your junk folder.\n2. PERMIT SUBMITTAL. Day 3-5. We send the permit to the village.\n3. SCHEDULE MARKINGS. Day 6-9. We call the utility to mark your lines.",
	})
	checkBlocks(t, "Fases para tramitar un encargo\n– Todo empieza con una cita\nEn ella hablamos de tu cocina.\n– Presupuesto de diseño\nTe envío el presupuesto. Se firma.\n"+
		"– Trabajo de campo\nMido tu cocina.\n– ¿Qué pasa después?\nSi tardas mucho, te llamo.\n", []string{
		"2 Fases para tramitar un encargo | 1. Todo empieza con una cita. En ella hablamos de tu cocina.\n2. Presupuesto de diseño. Te envío el presupuesto. Se firma.\n3. Trabajo de campo. Mido tu cocina.",
		"4 Fases para tramitar un encargo > ¿Qué pasa después? | Si tardas mucho, te llamo.",
	})
	checkBlocks(t, "Repair Pickups\nYou may pick up your bike once you get our text.\nCost / Estimate Policy\nWe complete repairs within $30.00 of the written estimate.\n", []string{
		"0 Repair Pickups | You may pick up your bike once you get our text.",
		"0 Cost / Estimate Policy | We complete repairs within $30.00 of the written estimate.",
	})
	checkBlocks(t, "Règle n°1 : enfermez les moutons\nIls s’enfuient devant un inconnu.\nRègle n°2 : enfermez vos moutons serrés car ils doivent être faciles à attraper\nPour être attrapés, les moutons doivent être serrés dans leur case.\n", []string{
		"0 Règle n°1 : enfermez les moutons | Ils s’enfuient devant un inconnu.",
		"0 Règle n°2 : enfermez vos moutons serrés car ils doivent être faciles à attraper | Pour être attrapés, les moutons doivent être serrés dans leur case.",
	})
	checkBlocks(t, "Estimates\nWe call you before going over the estimate.\nUpdate 2021- Availability and costs of repair parts are very fluid.\n", []string{
		"0 Estimates | We call you before going over the estimate.",
		"0 Update 2021 | Availability and costs of repair parts are very fluid.",
	})
}

// TestRoundTwentySevenReader: a tab-separated table's header may name its
// columns at length ("Typical repair cost (labor, parts not included)");
// a sentence telling what the page holds ends no paragraph's answer.
func TestRoundTwentySevenReader(t *testing.T) {
	checkBlocks(t, "# Repairs\n\nWe repair washers and dryers in your home. This page sets out what a visit costs and how our warranty works.\n", []string{
		"0 Repairs | We repair washers and dryers in your home.",
	})
	checkBlocks(t, "Repair costs\nAppliance\tTypical repair cost (labor, parts not included)\nRefrigerator\t$200 – $400\nDryer\t$130 – $300\n", []string{
		"3 Repair costs | Refrigerator appliance — Typical repair cost (labor, parts not included): $200 – $400",
		"3 Repair costs | Dryer appliance — Typical repair cost (labor, parts not included): $130 – $300",
	})
}

// TestHeadingStages: stages a page announces ("a 3-part process", "se
// déroule en 7 étapes", accents and all) and heads with titles of their
// own, a Roman numeral on its own line or not, are one procedure.
func TestHeadingStages(t *testing.T) {
	checkBlocks(t, "The Process\nMost sales go through a 3-part process that takes around 3 weeks.\nPre-Sale\nWe meet you on site and price your items.\nSale\nWe host your sale over 1 - 4 days.\nPost-Sale\nWe pick up what is left.\n", []string{
		"0 The Process | Most sales go through a 3-part process that takes around 3 weeks.",
		"2 The Process | 1. Pre-Sale. We meet you on site and price your items.\n2. Sale. We host your sale over 1 - 4 days.\n3. Post-Sale. We pick up what is left.",
	})
	checkBlocks(t, "La consultation se déroule en 5 étapes.\nI- Les renseignements\nLa séance débute par la collecte d’informations.\nII- L'état de santé\nJe regarde le pouls et la respiration.\nIII\nLes tests et la palpation\nJe palpe tout le corps.\n", []string{
		"0  | La consultation se déroule en 5 étapes.",
		"2  | 1. Les renseignements. La séance débute par la collecte d’informations.\n2. L'état de santé. Je regarde le pouls et la respiration.\n3. Les tests et la palpation. Je palpe tout le corps.",
	})
	// without the announcing line, titled sections stay sections
	checkBlocks(t, "Our shop\nWe sell bread.\nPrices\nA loaf is $4.\nHours\nWe open at 8.\nDelivery\nWe deliver on Sundays.\n", []string{
		"0 Our shop | We sell bread.",
		"0 Prices | A loaf is $4.",
		"0 Hours | We open at 8.",
		"0 Delivery | We deliver on Sundays.",
	})
}
