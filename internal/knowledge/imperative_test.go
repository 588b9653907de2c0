package knowledge

import "testing"

func TestImperative(t *testing.T) {
	for _, c := range []struct {
		lang, s string
		want    bool
	}{
		{EN, "Click Save.", true},
		{EN, "Cancellations are free.", false},
		{ES, "Abra la app Ajustes.", true},
		{ES, "Abrimos a las 9.", false},
		{FR, "Cliquez sur Enregistrer.", true},
		{FR, "Vous pouvez annuler.", false},
		{FR, "Chez nous, tout est fait maison.", false},
		{DE, "Klicken Sie auf Speichern.", true},
		{DE, "Bitte wählen Sie einen Termin.", true},
		{DE, "Wir öffnen um 9 Uhr.", false},
		{DE, "Kommen Sie, wann Sie wollen.", true},
	} {
		if got := Imperative(c.lang, c.s); got != c.want {
			t.Errorf("Imperative(%s, %q) = %v, want %v", c.lang, c.s, got, c.want)
		}
	}
}
