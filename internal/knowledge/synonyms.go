package knowledge

import "strings"

// synonyms are small groups of words customers use for the same thing,
// per language. They are kept short and concrete on purpose: a pair is
// here only when a help centre's wording and a customer's wording differ
// in practice (customers say "money back", pages say "refund"). A
// question's term matches a synonym's with a lower weight than itself.
var synonymGroups = map[string][]string{
	EN: {
		"refund reimburse reimbursement money back", "return send back", "cancel cancellation terminate stop",
		"ship shipping shipment deliver delivery dispatch send postage", "cost price fee charge much expensive", "pay payment paid",
		"email e-mail mail", "login log sign signin", "password passcode pwd", "account profile register registration signup",
		"order purchase buy bought", "parcel package", "phone telephone call number", "contact reach talk speak",
		"hours open opening close closing time", "address location located where", "receipt invoice bill",
		"discount coupon promo voucher code", "broken damaged defective faulty", "exchange swap replace replacement",
		"track tracking trace", "subscription membership plan", "delete remove close", "change modify update edit",
		"checkin arrival arrive", "checkout departure leave", "pet pets dog dogs cat cats animal animals", "papers documents documentation id", "deposit security",
		"long days time take fast quick quickly soon weeks months years hours minutes", "pause hold freeze suspend suspension",
		"owe debt outstanding balance", "injured injury sick ill medical doctor", "wrong incorrect", "gift present", "size fit", "warranty guarantee",
	},
	FR: {
		"rembourser remboursement", "checkin arrivée arriver", "checkout départ partir", "animal animaux chien chiens chat chats",
		"papiers documents pièces justificatif", "retour retourner renvoyer", "annuler annulation résilier résiliation",
		"livraison livrer expédition expédier envoi envoyer", "prix coût tarif frais combien cher", "payer paye paie payé paiement", "espèces liquide cash", "caution dépôt garantie empreinte",
		"email e-mail mail courriel", "connexion connecter identifier", "mot passe", "compte profil inscrire inscription",
		"prêt prêter emprunt emprunter", "mauvais mauvaise erreur trompé tromper incorrect", "payant gratuit gratuite",
		"commande commander achat acheter", "colis paquet", "téléphone appeler numéro", "contacter joindre parler",
		"horaires ouvert ouverture fermé fermeture heure heures", "adresse situé où", "facture reçu",
		"réduction code promo bon coupon", "cassé endommagé défectueux abîmé", "échange échanger remplacer remplacement",
		"suivi suivre", "abonnement forfait", "supprimer effacer", "modifier changer", "délai combien temps jours semaines mois heures durée",
		"garantie",
	},
	DE: {
		"rückerstattung erstatten erstattung geld", "checkin einchecken anreise ankunft",
		"checkout auschecken abreise", "haustier haustiere hund hunde katze tier tiere",
		"unterlagen dokumente papiere ausweis", "rücksendung zurücksenden zurückschicken retoure rückgabe zurückgeben",
		"stornieren stornierung kündigen kündigung", "versand versenden lieferung liefern zustellung",
		"kosten preis gebühr gebühren kostet teuer", "bezahlen zahlen zahlung zahlungsart zahlungsmethode", "bargeld barzahlung bar", "kaution anzahlung depot", "email e-mail mail", "anmelden einloggen login anmeldung",
		"passwort kennwort", "verloren weg verlust", "benutzen verwenden einlösen anwenden nutzen",
		"registrieren registrierung konto", "konto kundenkonto profil", "bestellung bestellen kauf kaufen", "paket sendung",
		"telefon anrufen nummer", "kontakt kontaktieren erreichen sprechen", "öffnungszeiten geöffnet offen geschlossen uhr uhrzeit",
		"adresse standort wo", "rechnung beleg quittung", "rabatt gutschein gutscheincode code",
		"kaputt beschädigt defekt mangelhaft", "umtausch umtauschen tauschen ersatz ersetzen", "sendungsverfolgung verfolgen tracking",
		"abo abonnement mitgliedschaft", "löschen entfernen", "ändern änderung bearbeiten", "lange dauer dauert tage wochen monate stunden lieferzeit schnell",
		"garantie gewährleistung",
	},
	ES: {
		"reembolso reembolsar devolver devuelven devuelvo dinero", "devolución devolver devuelvo devuelve devuelves devolvéis",
		"checkin entrada llegada", "checkout salida", "mascota mascotas perro perros gato gatos animal animales", "papeles documentos documentación", "efectivo metálico", "fianza depósito garantía", "cancelar cancelación anular",
		"envío enviar entrega entregar", "precio coste costo tarifa pagar cuánto cuesta caro gastos",
		"email e-mail correo", "iniciar sesión acceder entrar", "contraseña clave", "cuenta perfil",
		"pedido comprar compra ordenar", "paquete", "teléfono llamar número", "contactar contacto hablar",
		"horario abierto apertura cerrado hora horas", "dirección ubicación dónde", "factura recibo",
		"descuento cupón código promocional", "roto dañado defectuoso", "cambio cambiar reemplazar sustituir",
		"seguimiento rastrear", "suscripción plan", "eliminar borrar", "modificar cambiar editar", "tarda tiempo días semanas meses horas plazo cuánto",
		"garantía",
	},
}

// generic are words that customers put in questions about anything
// (verbs of getting, seeing and doing): a question's word of this list
// weighs less, so that its absence from a passage costs less.
var generic = foldedAll(map[string]map[string]bool{
	EN: toSet(`time early late tell see live get getting go make find use work give keep look come put show say already
		happen happens happened anyone type types kind kinds way ways option options available able allowed
		accept accepted take bring`),
	FR: toSet(`temps voir trouver faire mettre aller venir prendre donner dire passer arrive arriver recevoir reçois
		type types genre sorte façon moyen moyens option options disponible possible droit
		accepter acceptez acceptes apporter amener`),
	DE: toSet(`bekomme bekommen kriege kriegen sehen finden machen gehen kommen geben nehmen sagen art arten typ
		möglichkeit möglichkeiten möglich verfügbar darf dürfen akzeptieren akzeptiert nehmt
		mitbringen mitnehmen`),
	ES: toSet(`ver encontrar hacer poner ir venir dar decir pasar llevar recibir tipo tipos clase clases manera forma
		formas opción opciones disponible falta hace hacen aceptan aceptáis aceptar
		aceptas traer`),
})

// genericWeight is the weight of a generic word relative to its idf.
const genericWeight = 0.3

// synonyms maps a language's term to the other terms of its groups.
var synonyms = buildSynonyms()

func buildSynonyms() map[string]map[string][]string {
	out := map[string]map[string][]string{}
	for lang, groups := range synonymGroups {
		m := map[string][]string{}
		for _, g := range groups {
			var terms []string
			for _, w := range strings.Fields(g) {
				terms = append(terms, stem(lang, strings.ToLower(w)))
			}
			for _, t := range terms {
				for _, o := range terms {
					if o != t && !contains(m[t], o) {
						m[t] = append(m[t], o)
					}
				}
			}
		}
		out[lang] = m
	}
	return out
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
