package knowledge

import "strings"

// synonyms are small groups of words customers use for the same thing,
// per language. A group may hold a general word and more specific ones,
// "pet animal | dog | cat": each specific set matches the general words
// and back, but not the other specific sets (siblings are not synonyms:
// "do you groom cats" is not a question about dogs). They are kept short and concrete on purpose: a pair is
// here only when a help centre's wording and a customer's wording differ
// in practice (customers say "money back", pages say "refund"). A
// question's term matches a synonym's with a lower weight than itself.
var synonymGroups = map[string][]string{
	EN: {
		"weather | rain raining rainy drizzle downpour showers | snow snowing snowy | storm stormy thunder thunderstorm thunderstorms | wind windy winds | fog foggy mist misty | hail", "weight weigh weighs heavy", "length metres meters metre meter miles km", "choose choosing chose pick picking picked select", "toilet toilets restroom restrooms bathroom bathrooms loo loos wc", "rope ropes twine string cord", "pregnant pregnancy expecting", "maximum max limit limits", "minimum fewest",
		"fridge refrigerator", "temperature degrees", "fly flying flight flights plane airplane", "tupperware container containers", "complain complaint complaints complaining complained claim claims",
		"first 1st", "second 2nd", "third 3rd", "wheelchair wheelchairs disabled disability mobility", "outside outdoors outdoor", "mileage miles mile", "sell sells selling sale sales sold",
		"tax taxes vat", "holiday holidays | christmas | easter | thanksgiving",
		"valid validity expire expires expiry", "clothes clothing jeans trousers shirt", "shoes footwear boots trainers sneakers sandals flipflops",
		"cheque cheques check checks", "ebike ebikes electric", "camera cameras cctv surveillance monitored monitoring", "lock locks padlock padlocks", "coat coats jacket jackets cloakroom", "food meal meals lunch snack snacks sandwich sandwiches picnic", "bday birthday birthdays", "ahead advance beforehand", "reschedule rescheduled move postpone", "cigarette cigarettes smoke smoking",
		"refund reimburse reimbursement money back bucks quid", "return send back", "cancel cancellation terminate stop quit end unsubscribe",
		"ship shipping shipment deliver delivery dispatch send postage", "cost price fee charge charged billed billing much expensive dearer pricey pricier", "pay payment paid",
		"email e-mail mail", "login log sign signin", "password passcode pwd", "account profile register registration signup",
		"order purchase buy bought", "parcel package", "phone telephone mobile cellphone smartphone", "call phone", "contact reach talk speak",
		"hours open opening close closing shut finish time", "address location located where", "receipt invoice bill",
		"discount discounts coupon promo voucher code reduction reduced", "broken damaged defective faulty", "exchange swap replace replacement",
		"track tracking trace", "subscription membership plan", "delete remove close", "change modify update edit",
		"start begin starting beginning", "reserve reservation book booking", "year years annual", "checkin arrival arrive", "checkout departure leave", "pet pets animal animals | dog dogs labrador labradors lab spaniel spaniels terrier terriers poodle collie retriever dachshund pug beagle | cat cats", "papers documents documentation id", "deposit security upfront",
		"long days time take fast quick quickly soon weeks months years hours minutes", "pause hold freeze suspend suspension",
		"owe debt outstanding balance", "instructor instructors teacher teachers coach coaches trainer trainers", "injured injury sick ill illness flu fever medical doctor asthma diabetes epilepsy", "wrong incorrect", "gift present voucher vouchers", "size fit", "warranty guarantee", "bag bags backpack backpacks rucksack rucksacks | suitcase suitcases luggage",
		"eat eating consume consumed", "vape vaping ecigarette ecigarettes", "stroller strollers pushchair pram buggy",
		"license licence permit", "vaccine vaccines vaccination vaccinations vaccinated jab jabs shots", "assessment assessments evaluation evaluations", "max maximum", "kg kilo kilos kilogram kilograms", "guest guests visitor visitors companion companions | friend friends girlfriend boyfriend fiance fiancee partner",
		"late lateness delay delayed traffic", "online website web internet site", "minute minutes min mins", "hour hours hr hrs", "pickup collect collecting collected collection", "steal stole stolen theft thief robbed robbery", "bottle bottles canister canisters cylinder cylinders", "bike bikes bicycle bicycles cycling", "arrive walkin", "bbq bbqs barbecue barbecues barbeque barbeques", "gallon gallons gal gals", "family families household households", "foot feet ft", "appointment appointments booking bookings", "week weeks wk wks", "tomorrow tmrw tmr", "appointment appointments appt appts", "photo photos pic pics picture pictures",
		"jewelry jewellery earring earrings ring rings necklace necklaces bracelet bracelets", "spectator spectators spectate watching onlooker onlookers",
	},
	FR: {
		"météo météorologique météorologiques pluie pleut neige neiger orage vent tempête intempéries bruine grêle", "poids peser pèse",
		"frigo réfrigérateur frigidaire", "fauteuil fauteuils pmr handicap handicapé handicapée mobilité", "cadeau cadeaux offert offerte offrir", "dehors extérieur extérieure extérieurs", "vendre vend vendez vente ventes vendu", "température degrés", "avion avions vol vols voler", "rendre rendus rendu ramener rapporter restitution restituer restitue", "boîte boîtes tupperware",
		"balade balades promenade promenades tour tours", "tva taxe taxes ttc", "férié fériés | noël | pâques | pentecôte | toussaint",
		"valable valables valide validité expire", "vêtements jean jeans pantalon", "chaussures baskets bottes tongs sandales claquettes", "combi combinaison combinaisons néoprène", "nager nage nagent natation", "raté ratée ratés rater manqué manquée manquées manquer", "longueur mètres mètre km", "essai découverte schnupper", "enceinte enceintes grossesse",
		"malade malades maladie grippe fièvre blessure blessures blessé blessée entorse asthme diabète épilepsie", "moniteur moniteurs monitrice instructeur instructeurs professeur professeurs prof profs enseignant",
		"vestiaire vestiaires manteau manteaux veste vestes", "rdv rendezvous", "tenue tenues vêtements habiller habille porter", "reporter décaler déplacer", "repas déjeuner goûter sandwich sandwichs piquenique", "anniversaire anniv", "cigarette cigarettes fumer",
		"rembourser remboursement argent thune fric", "checkin arrivée arriver", "commencer début démarrer", "réserver réservation resa résa", "an ans année années annuel",
		"informations infos données", "garder conserver stocker", "checkout départ partir", "animal animaux | chien chiens | chat chats",
		"papiers documents pièces justificatif paperasse formulaire formulaires", "courrier lettre", "retour retourner renvoyer", "annuler annulation résilier résiliation arrêter désabonner",
		"livraison livrer expédition expédier envoi envoyer", "prix coût tarif frais combien cher", "payer paye paie payé paiement", "espèces liquide cash", "caution dépôt garantie empreinte",
		"email e-mail mail courriel", "connexion connecter identifier", "mot passe", "compte profil inscrire inscription",
		"prêt prêter emprunt emprunter", "mauvais mauvaise erreur trompé tromper incorrect", "payant gratuit gratuite",
		"commande commander achat acheter", "colis paquet", "téléphone portable mobile smartphone", "appeler téléphoner téléphone", "contacter joindre parler",
		"horaires ouvert ouverture ouvrir ouvre ouvrez ouvrent fermé fermeture fermer ferme fermez ferment heure heures", "adresse situé où", "facture reçu",
		"réduction réduit réduite remise code promo bon coupon", "cassé endommagé défectueux abîmé casse dégât dégâts", "échange échanger remplacer remplacement",
		"suivi suivre", "abonnement forfait", "supprimer effacer", "modifier changer", "délai combien temps jours semaines mois heures minutes durée",
		"garantie", "poussette poussettes landau", "max maximum", "kg kilo kilos kilogramme kilogrammes", "invité invités accompagnateur accompagnateurs accompagnant accompagnants visiteur visiteurs | ami amis copain copine copains copines fiancé fiancée conjoint",
		"retard retards retarder embouteillage embouteillages", "granulés granulé pellets pellet", "enligne internet site web", "minute minutes min mins", "disponible disponibles dispo dispos disponibilité", "carburant essence gasoil diesel", "photo photos photographie photographies", "flacon flacons pot pots", "qf quotient", "enterrement enterrer inhumation inhumer", "incinérer incinération crémation", "sécu cpam",
		"bijou bijoux boucle boucles bague bagues collier colliers bracelet bracelets", "baigner baignade baignades",
	},
	DE: {
		"wetter regen regnet schnee schneit sturm gewitter unwetter nieseln nieselt nieselregen hagel", "gewicht wiegen wiege wiegt körpergewicht",
		"kühlschrank kühlschranks", "rollstuhl rollstühle rollstuhlfahrer rollstuhlfahrerin barrierefrei rollstuhlgerecht", "draußen außen außenbereich", "verkaufen verkauft verkauf verkäufe", "temperatur temperaturen grad", "flug flüge fliegen flugzeug",
		"mwst mehrwertsteuer steuer steuern", "feiertag feiertage feiertagen feiertags | weihnachten heiligabend | ostern ostermontag karfreitag | pfingsten pfingstmontag | silvester neujahr",
		"gelten gilt gültig gültigkeit verfällt verfallen", "kleidung jeans hose", "schuhe turnschuhe stiefel sandalen badelatschen", "länge meter kilometer km", "probestunde probetraining schnupperstunde schnuppertraining probe schnuppern", "freund freundin freunde freundinnen bekannte bekannten", "schwanger schwangere schwangeren schwangerschaft",
		"krank krankheit erkrankt erkrankung grippe fieber erkältet erkältung verletzung verletzungen verletzt asthma diabetes epilepsie", "trainer trainerin lehrer lehrerin ausbilder betreuer",
		"garderobe jacke jacken mantel", "op operation operationen", "verschieben verlegen umbuchen", "essen mahlzeit mittagessen brotzeit butterbrot picknick", "geburtstag bday", "kamera kameras videoüberwachung überwacht", "schloss vorhängeschloss", "rauchen zigarette zigaretten",
		"rückerstattung erstatten erstattung geld kohle knete", "checkin einchecken anreise ankunft",
		"checkout auschecken abreise", "anfangen beginnen beginn starten", "reservieren reservierung vorbestellen vorbestellung vormerken", "haustier haustiere tier tiere heimtier heimtiere kleintier kleintiere | hund hunde | katze katzen | hamster meerschweinchen kaninchen",
		"unterlagen dokumente papiere ausweis personalausweis perso", "rücksendung zurücksenden zurückschicken retoure rückgabe zurückgeben",
		"stornieren stornierung kündigen kündigung widerrufen widerruf widerrufsrecht rückgängig", "versand versenden verschicken verschickt lieferung liefern zustellung porto versandkosten",
		"kosten preis gebühr gebühren kostet teuer billig billiger günstig günstiger", "bezahlen zahlen zahlung zahlungsart zahlungsmethode", "bargeld barzahlung bar", "kaution anzahlung depot hinterlegen hinterlegt", "email e-mail mail", "anmelden einloggen login anmeldung",
		"passwort kennwort", "verloren weg verlust", "benutzen verwenden einlösen anwenden nutzen",
		"registrieren registrierung konto", "konto kundenkonto profil", "bestellung bestellen kauf kaufen erwerben", "paket sendung",
		"telefon handy smartphone mobiltelefon", "anrufen telefonieren telefonisch", "kontakt kontaktieren erreichen sprechen", "öffnungszeiten geöffnet offen öffnen öffnet geschlossen schließen schließt aufhaben uhr uhrzeit",
		"adresse standort wo", "rechnung beleg quittung", "rabatt ermäßigung ermäßigt gutschein gutscheincode code",
		"kaputt beschädigt defekt mangelhaft schaden schäden beschädigung", "umtausch umtauschen tauschen ersatz ersetzen", "sendungsverfolgung verfolgen tracking",
		"abo abonnement mitgliedschaft", "löschen entfernen", "ändern änderung bearbeiten", "lange dauer dauert zeit tage wochen monate stunden minuten lieferzeit schnell",
		"garantie gewährleistung", "schule schüler schülerin schülerinnen schulkind schulkinder", "studium studieren studiere studier studiert student studenten studentin studentinnen studierende", "paare paarmitgliedschaft ehepaar ehepaare | frau ehefrau | mann ehemann", "tüte tüten beutel", "mitnehmen mitbringen mitführen einpacken", "max maximal maximum höchstens", "kg kilo kilogramm", "gast gäste begleitung begleitperson begleitpersonen besucher zuschauer | freund freundin freunde partner partnerin verlobte verlobter", "kinderwagen buggy", "probestunde probestunden schnupperstunde schnupperstunden probetraining",
		"verspätung verspätet verspäten verspäteter verspätete stau", "komplett komplette kompletten gesamt gesamte gesamten ganz ganze ganzen", "online internet website webseite homepage", "minute minuten min", "stunde stunden std", "telefon tel", "ticket tickets parkschein parkscheine parkticket", "umziehen umgezogen umzug einziehen eingezogen einzug zuzug", "ummelden ummeldung anmelden anmeldung", "monatsticket monatskarte monatskarten", "foto fotos passbild passbilder passfoto lichtbild lichtbilder", "wochenticket wochenkarte wochenkarten", "jahresticket jahreskarte jahreskarten", "tagesticket tageskarte tageskarten",
		"schmuck ohrring ohrringe ring ringe kette ketten armband armbänder", "zuschauen zugucken zusehen zuschauer",
	},
	ES: {
		"clima lluvia llueve nieve nieva tormenta viento temporal llovizna granizo meteorológica meteorológico meteorológicas", "peso pesar pesa",
		"nevera frigorífico refrigerador heladera", "discapacidad discapacitado discapacitada movilidad minusválido", "fuera afuera exterior exteriores", "vender vende venden venta ventas vendido", "temperatura temperaturas grados", "avión aviones vuelo vuelos volar", "bautismo bautizo",
		"iva impuesto impuestos", "festivo festivos | navidad navidades nochebuena | pascua | nochevieja",
		"válido válida validez caduca caducan caducidad", "ropa vaqueros pantalón pantalones", "calzado zapatos zapatillas botas deportivas chanclas sandalias", "longitud metros metro km", "embarazada embarazadas embarazo",
		"enfermo enferma enfermos enfermedad gripe fiebre resfriado lesión lesiones lesionado lesionada esguince asma diabetes epilepsia", "monitor monitores monitora instructor instructores instructora profesor profesores profesora profe profes",
		"guardarropa abrigo abrigos chaqueta chaquetas", "nórdico nórdicos edredón edredones", "oler huele huelen olor olores", "mover aplazar posponer", "comida comidas almuerzo cena bocadillo bocadillos bocata bocatas picnic", "cumpleaños cumple", "cámara cámaras vigilancia vigilado", "candado candados cerradura", "fumar cigarrillo cigarrillos",
		"reembolso reembolsar devolver devuelven devuelvo dinero pasta pelas", "devolución devolver devuelvo devuelve devuelves devolvéis",
		"empezar comenzar inicio", "reservar reserva", "extra adicional suplemento recargo", "checkin entrada llegada", "checkout salida", "mascota mascotas animal animales | perro perros | gato gatos", "papeles documentos documentación", "efectivo metálico", "fianza depósito garantía señal", "cancelar cancelación anular baja",
		"envío enviar entrega entregar portes", "precio coste costo tarifa pagar cuánto cuesta caro barato barata gastos cobrar cobran cobra cobráis cobrais", "pagar pago abonar abonarla abonarlas abono", "seguido frecuencia frecuente frecuentemente menudo", "avisar aviso comunicar comunicarse notificar",
		"email e-mail mail correo", "iniciar sesión acceder entrar", "contraseña clave", "cuenta perfil",
		"pedido comprar compra ordenar", "paquete", "teléfono móvil celular smartphone", "llamar telefonear telefónicamente teléfono", "contactar contacto hablar",
		"horario abierto apertura abrir abre abren abrís abrimos cerrado cerrar cierra cierran cerráis cerramos hora horas", "dirección ubicación dónde", "factura recibo",
		"descuento descuentos rebaja reduce reducción cupón código promocional", "roto dañado defectuoso", "cambio cambiar reemplazar sustituir",
		"seguimiento rastrear", "suscripción plan", "eliminar borrar", "modificar cambiar editar", "tarda tiempo días semanas meses horas minutos plazo cuánto dura duración",
		"garantía", "carnet carné permiso licencia", "fallo fallos error errores", "apuntar apuntarse inscribir inscribirse inscripción", "max máximo máxima", "kg kilo kilos kilogramo kilogramos", "invitado invitados acompañante acompañantes visita visitas | amigo amiga amigos novia novio pareja",
		"retraso retrasos retrasar retrasarse retrasa atasco atascos", "online internet web", "minuto minutos min", "hora horas hr hrs", "foto fotos fotografía fotografías", "reparar reparación repararlo arreglar arreglarlo arreglo componer componerlo", "inspección inspeccionar revisión revisar",
		"joya joyas pendiente pendientes anillo anillos collar collares pulsera pulseras",
	},
}

// generic are words that customers put in questions about anything
// (verbs of getting, seeing and doing): a question's word of this list
// weighs less, so that its absence from a passage costs less.
var generic = foldedAll(map[string]map[string]bool{
	EN: toSet(`time early late tell see live get getting go make find use work give keep look come put show say already
		happen happens happened anyone type types kind kinds way ways option options available able allowed
		accept accepted take bring leave keep use put often never anymore latest earliest
		yet bit today tomorrow tonight again actually maybe perhaps probably pretty kinda anyway try
		provide provides offer offers old finally`),
	FR: toSet(`temps voir trouver faire mettre aller venir prendre donner dire passer arrive arriver recevoir reçois
		type types genre sorte façon moyen moyens option options disponible possible droit
		accepter acceptez acceptes apporter amener laisser garder prendre utiliser donner souvent fois
		aujourd'hui demain juste vraiment peut-être déjà toujours essayer essayé tard tôt
		prends prend prenez prenons prennent fais fait faites font mets met mettez vais va allez vont
		viens vient venez viennent donne donnez donnent passe passez acceptent apporte apportez laisse laissez garde gardez
		vieux vieil vieille vieilles finalement`),
	DE: toSet(`bekomme bekommen kriege kriegen sehen finden machen gehen kommen geben nehmen sagen art arten typ
		möglichkeit möglichkeiten möglich verfügbar darf dürfen akzeptieren akzeptiert nehmt
		mitbringen mitnehmen mitgeben einpacken lassen behalten bringen oft mal zurück
		heute gerade eigentlich vielleicht schon probieren ausprobieren versuchen spät früh
		stehen stehe steht ca etwa alt alte alten alter altes`),
	ES: toSet(`ver encontrar hacer poner ir venir dar decir pasar llevar recibir tipo tipos clase clases manera forma
		formas opción opciones disponible falta hace hacen aceptan aceptáis aceptar
		aceptas traer dejar usar tomar menudo veces
		hoy ya todavía aún igual quizás realmente probar intentar temprano
		tomo toma tomáis toman pongo pone ponéis ponen voy vas va vamos vais van vengo viene venís vienen
		doy da dais dan llevo lleva lleváis llevan traigo trae traéis traen dejo deja dejáis dejan usáis usan
		viejo vieja viejos viejas finalmente`),
})

// sideWords name whose case a question is about — the customer's family
// ("my sister", "mon fils", "meine Tochter", "mi hermana"): when no
// document has the word, it says nothing of the topic and weighs as a
// generic word; when one does, it weighs in full. (Friends are left
// out: "mon copain peut conduire aussi ?" asks about another driver.)
var sideWords = foldedAll(map[string]map[string]bool{
	EN: toSet(`sister brother son daughter mom mum mother dad father wife husband grandma grandpa kid kids`),
	FR: toSet(`sœur soeur frère frere fils fille mère mere père pere mari femme`),
	DE: toSet(`schwester bruder sohn tochter mutter mama vater papa oma opa frau mann`),
	ES: toSet(`hermana hermano hijo hija madre padre marido mujer abuela abuelo`),
})

// genericStems are the stems of the generic words, per language, so that
// their other forms ("gets", "hacerme") weigh as little.
var genericStems = func() map[string]map[string]bool {
	out := map[string]map[string]bool{}
	for lang, set := range generic {
		out[lang] = map[string]bool{}
		for w := range set {
			// stemmed even when a stop word ("hacer" is one, "hacerme"
			// is not, and its stem is "hacer"'s)
			out[lang][stem(lang, w)] = true
		}
	}
	return out
}()

// genericWeight is the weight of a generic word relative to its idf.
const genericWeight = 0.3

// synonyms maps a language's term to the other terms of its groups;
// siblings maps a specific term to the specific terms of the other sets
// of its group ("cat" to "dog").
var synonyms, siblings = buildSynonyms()

func buildSynonyms() (map[string]map[string][]string, map[string]map[string][]string) {
	out, sib := map[string]map[string][]string{}, map[string]map[string][]string{}
	for lang, groups := range synonymGroups {
		m, sm := map[string][]string{}, map[string][]string{}
		for _, g := range groups {
			// "pet animal | dog | cat": the general words and each
			// specific set match each other, two specific sets do not
			// (a cat is not a dog)
			parts := strings.Split(g, "|")
			general := stems(lang, parts[0])
			link(m, general, general)
			for i, p := range parts[1:] {
				specific := stems(lang, p)
				link(m, specific, specific)
				link(m, specific, general)
				link(m, general, specific)
				for j, o := range parts[1:] {
					if j != i {
						link(sm, specific, stems(lang, o))
					}
				}
			}
		}
		out[lang], sib[lang] = m, sm
	}
	return out, sib
}

func stems(lang, words string) []string {
	var out []string
	for _, w := range strings.Fields(words) {
		out = append(out, stem(lang, strings.ToLower(w)))
	}
	return out
}

// link makes each term of from match each other term of to.
func link(m map[string][]string, from, to []string) {
	for _, t := range from {
		for _, o := range to {
			if o != t && !contains(m[t], o) {
				m[t] = append(m[t], o)
			}
		}
	}
}

func contains(s []string, v string) bool {
	for _, x := range s {
		if x == v {
			return true
		}
	}
	return false
}
