package shisanshui

import (
	"errors"
	"sort"
	"strconv"
	"strings"
	"testing"
)

// The specials of RULES.md §6 in the engine's numbering, spelled out here independently of the
// library: id, English and Chinese names.
var specialTable = [SpecialCount][3]string{
	{"SD", "supreme dragon", "至尊清龙"}, {"DR", "dragon", "一条龙"}, {"TR", "twelve royals", "十二皇族"},
	{"TSF", "three straight flushes", "三同花顺"}, {"TQ", "three quads", "三套炸弹"}, {"AB", "all big", "全大"},
	{"AS", "all small", "全小"}, {"OC", "one color", "凑一色"}, {"TTQ", "three trips and a quad", "三套冲三加炸弹"},
	{"FT", "four trips", "四套冲三"}, {"FPT", "five pairs and trips", "五对冲三"}, {"SP", "six pairs", "六对半"},
	{"TF", "three flushes", "三同花"}, {"TS", "three straights", "三顺子"},
	{"BR", "twelve black one red", "全黑一点红"}, {"RB", "twelve red one black", "全红一点黑"},
}

// specialByID is the special of an id, from the independent table.
func specialByID(t *testing.T, id string) Special {
	t.Helper()
	for i, s := range specialTable {
		if s[0] == id {
			return Special(i)
		}
	}
	t.Fatalf("no special has id %q", id)
	return NoSpecial
}

// sameSpecials says whether a detection's list is the ids of a vector record.
func sameSpecials(t *testing.T, got []Special, want []interface{}) bool {
	t.Helper()
	if len(got) != len(want) {
		return false
	}
	for i, id := range want {
		if got[i] != specialByID(t, str(id)) {
			return false
		}
	}
	return true
}

// laneStraight and laneFlush are the lane shapes of RULES.md §6 (A-2-3 and Q-K-A count, K-A-2
// does not; the wheel counts), read from the codes: rank index code/4 (0 is 2, 12 is A).
func laneStraight(cards []Card) bool {
	var seen [13]bool
	for _, c := range cards {
		if c >= 52 || seen[c/4] {
			return false
		}
		seen[c/4] = true
	}
	if seen[12] && seen[0] && seen[1] && (len(cards) == 3 || (seen[2] && seen[3])) {
		return true
	}
	lo := 0
	for lo < 13 && !seen[lo] {
		lo++
	}
	run := 0
	for i := lo; i < 13 && seen[i]; i++ {
		run++
	}
	return run == len(cards)
}

func laneFlush(cards []Card) bool {
	for _, c := range cards[1:] {
		if c%4 != cards[0]%4 {
			return false
		}
	}
	return true
}

// checkSpecialArrangement checks what C and C# check of a detection: an arrangement exactly for
// TSF, TF and TS as best, made of the hand's 13 cards, each lane highest first and of the
// special's shape, and legal under the same rules.
func checkSpecialArrangement(t *testing.T, r *Rules, hand []Card, d SpecialDetection, what string) {
	t.Helper()
	three := d.HasBest && (d.Best == ThreeStraightFlushes || d.Best == ThreeFlushes || d.Best == ThreeStraights)
	if (d.Arrangement != nil) != three {
		t.Errorf("%s: arrangement %v with best %v", what, d.Arrangement, d.Best)
		return
	}
	if d.Arrangement == nil {
		return
	}
	l := *d.Arrangement
	if !sameCards(inOrder(l.Cards()), inOrder(hand)) {
		t.Errorf("%s: the arrangement %v is not the hand's 13 cards", what, l)
	}
	for i, lane := range [][]Card{l.Front[:], l.Middle[:], l.Back[:]} {
		shape := laneStraight(lane) && laneFlush(lane)
		switch d.Best {
		case ThreeFlushes:
			shape = laneFlush(lane)
		case ThreeStraights:
			shape = laneStraight(lane)
		}
		if !shape {
			t.Errorf("%s: lane %d of %v has not the special's shape", what, i, l)
		}
		for k := 1; k < len(lane); k++ {
			if lane[k-1]/4 < lane[k]/4 {
				t.Errorf("%s: lane %d of %v is not highest first", what, i, l)
			}
		}
	}
	if e, err := r.Check13(l.Cards()); err != nil || e.IsFoul() {
		t.Errorf("%s: the arrangement %v fouls (%+v, %v)", what, l, e.Foul, err)
	}
}

func TestSpecialVectors(t *testing.T) {
	doc := loadObj(t, "special.json")
	if num(doc["version"]) != 1 {
		t.Fatalf("special.json version %v", doc["version"])
	}
	specials := records(t, doc, "specials")
	if len(specials) != SpecialCount {
		t.Errorf("%d specials in the vectors, %d in the header", len(specials), SpecialCount)
	}
	for i, sv := range specials {
		o := sv.(obj)
		s := Special(num(o["number"]))
		name, err1 := s.Name(English)
		chinese, err2 := s.Name(Chinese)
		if num(o["number"]) != i || str(o["id"]) != specialTable[i][0] || s.String() != str(o["id"]) ||
			name != str(o["name"]) || chinese != str(o["chinese"]) || err1 != nil || err2 != nil {
			t.Errorf("special %d: %s %q %q (%v %v), want %v", i, s, name, chinese, err1, err2, o)
		}
	}
	sets := records(t, doc, "rule_sets")
	rules := rulesNamed(t, sets)
	defer func() {
		for _, r := range rules {
			r.Close()
		}
	}()
	for _, sv := range sets {
		o := sv.(obj)
		if js, err := rules[str(o["name"])].JSON(); err != nil || js != str(o["json"]) {
			t.Errorf("rule set %s: the JSON does not round-trip (%v)", str(o["name"]), err)
		}
	}
	// Each rule set's hands, also through the batch.
	type batch struct {
		cards []Card
		best  []Special
		all   []uint16
	}
	batches := map[string]*batch{}
	hands := records(t, doc, "hands")
	if len(hands) < 100 {
		t.Errorf("only %d hands", len(hands))
	}
	for i, hv := range hands {
		o := hv.(obj)
		name := str(o["rules"])
		r := rules[name]
		what := "hand " + itoa(i) + " \"" + str(o["text"]) + "\" under " + name
		if r == nil {
			t.Errorf("%s: no such rule set", what)
			continue
		}
		cards := cardsOf(o["codes"])
		if parsed, err := ParseCards(str(o["text"])); err != nil || !sameCards(parsed, cards) {
			t.Errorf("%s: parses to %v, %v", what, parsed, err)
		}
		d, err := r.DetectSpecial(cards)
		if err != nil {
			t.Errorf("%s: %v", what, err)
			continue
		}
		if !sameSpecials(t, d.All, list(o["all"])) {
			t.Errorf("%s: all %v, want %v", what, d.All, o["all"])
		}
		if o["best"] == nil {
			// No special: none reported, and the vector's water is 0.
			if d.HasBest || d.Best != NoSpecial || num(o["water"]) != 0 || !isNum(o["water"]) {
				t.Errorf("%s: best %v, want none (water %v)", what, d.Best, o["water"])
			}
		} else if !d.HasBest || d.Best != specialByID(t, str(o["best"])) || d.Best.String() != str(o["best"]) {
			t.Errorf("%s: best %v %v, want %v", what, d.HasBest, d.Best, o["best"])
		} else if w, err := r.SpecialWater(d.Best); err != nil || w != uint32(num(o["water"])) {
			t.Errorf("%s: water %d, %v, want %d", what, w, err, num(o["water"]))
		}
		switch a := o["arrangement"].(type) {
		case obj:
			if d.Arrangement == nil || !sameCards(d.Arrangement.Front[:], cardsOf(a["front"])) ||
				!sameCards(d.Arrangement.Middle[:], cardsOf(a["middle"])) ||
				!sameCards(d.Arrangement.Back[:], cardsOf(a["back"])) {
				t.Errorf("%s: arrangement %v, want %v", what, d.Arrangement, a)
			}
		case nil:
			if d.Arrangement != nil {
				t.Errorf("%s: arrangement %v, the vector has none", what, d.Arrangement)
			}
		default:
			t.Errorf("%s: the vector's arrangement is %v", what, a)
		}
		checkSpecialArrangement(t, r, cards, d, what)
		b := batches[name]
		if b == nil {
			b = &batch{}
			batches[name] = b
		}
		b.cards = append(b.cards, cards...)
		b.best = append(b.best, d.Best)
		var bits uint16
		for _, s := range d.All {
			bits |= 1 << s
		}
		b.all = append(b.all, bits)
	}
	for name, b := range batches {
		best := make([]Special, len(b.best))
		all := make([]uint16, len(b.best))
		if err := rules[name].DetectSpecialMany(b.cards, best, all, 2); err != nil {
			t.Errorf("%s: the batch: %v", name, err)
			continue
		}
		for i := range best {
			if best[i] != b.best[i] || all[i] != b.all[i] {
				t.Errorf("%s batch hand %d: %v %016b, one call gave %v %016b", name, i, best[i], all[i], b.best[i], b.all[i])
			}
		}
	}
	for i, nv := range records(t, doc, "names") {
		o := nv.(obj)
		s, err := ParseSpecial(str(o["text"]))
		what := "name " + itoa(i) + " " + strconv.Quote(str(o["text"]))
		if kind := str(o["kind"]); kind != "" {
			expectKind(t, err, kind, what)
			if err != nil && s != NoSpecial {
				t.Errorf("%s: %v with the error", what, s)
			}
			continue
		}
		if err != nil || s != specialByID(t, str(o["special"])) {
			t.Errorf("%s: %v %v, want %s", what, s, err, str(o["special"]))
		}
	}
	detection, ruleSets := 0, 0
	for i, ev := range records(t, doc, "errors") {
		o := ev.(obj)
		what := "special error " + itoa(i)
		var err error
		if js, ok := o["rules_json"].(string); ok {
			var r *Rules
			r, err = RulesFromJSON(js)
			if r != nil {
				t.Errorf("%s: rules made from a bad rule set", what)
			}
			if path := str(o["path"]); err == nil || !strings.Contains(err.Error(), path) {
				t.Errorf("%s: %v does not name %s", what, err, path)
			}
			ruleSets++
		} else {
			var d SpecialDetection
			d, err = rules[str(o["rules"])].DetectSpecial(cardsOf(o["codes"]))
			if err != nil && (d.HasBest || d.All != nil || d.Arrangement != nil) {
				t.Errorf("%s: %+v with the error", what, d)
			}
			if p, ok := o["position"]; ok && (err == nil || !strings.Contains(err.Error(), "position "+itoa(num(p)))) {
				t.Errorf("%s: %v does not name position %d", what, err, num(p))
			}
			detection++
		}
		expectKind(t, err, str(o["kind"]), what)
	}
	if detection == 0 || ruleSets == 0 {
		t.Errorf("%d detection errors and %d rule-set errors", detection, ruleSets)
	}
}

// inOrder is a copy of cards in ascending code.
func inOrder(cards []Card) []Card {
	out := append([]Card(nil), cards...)
	sort.Slice(out, func(i, j int) bool { return out[i] < out[j] })
	return out
}

func TestSpecialNamesAndIDs(t *testing.T) {
	if len(AllSpecials) != SpecialCount || SpecialCount != 16 || NoSpecial != 255 {
		t.Fatalf("%d specials, count %d, none %d", len(AllSpecials), SpecialCount, NoSpecial)
	}
	consts := []Special{SupremeDragon, Dragon, TwelveRoyals, ThreeStraightFlushes, ThreeQuads, AllBig, AllSmall,
		OneColor, ThreeTripsQuad, FourTrips, FivePairsTrips, SixPairs, ThreeFlushes, ThreeStraights,
		TwelveBlackOneRed, TwelveRedOneBlack}
	for k, s := range AllSpecials {
		want := specialTable[k]
		id, err := s.ID()
		en, _ := s.Name(English)
		zh, _ := s.Name(Chinese)
		if consts[k] != s || err != nil || id != want[0] || s.String() != want[0] || en != want[1] || zh != want[2] {
			t.Errorf("special %d: %v %q %q %q %v, want %v", k, consts[k], id, en, zh, err, want)
		}
		for _, text := range []string{want[0], want[1], want[2], strings.ToLower(want[0]),
			strings.ToUpper(want[1]), strings.ReplaceAll(want[1], " ", "_")} {
			if p, err := ParseSpecial(text); err != nil || p != s {
				t.Errorf("ParseSpecial(%q) = %v, %v; want %v", text, p, err, s)
			}
		}
	}
	if s, err := ParseSpecial("Three_Straights"); err != nil || s != ThreeStraights {
		t.Errorf("Three_Straights: %v %v", s, err)
	}
	// Numbers that are no special, languages that are none.
	if _, err := Special(16).Name(English); !errors.Is(err, ErrInvalidArgument) ||
		!strings.Contains(err.Error(), "special 16 is not an SssSpecial") {
		t.Errorf("special 16: %v", err)
	}
	if _, err := SupremeDragon.Name(Language(2)); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "language 2") {
		t.Errorf("language 2: %v", err)
	}
	if _, err := NoSpecial.ID(); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "255") {
		t.Errorf("the id of 255: %v", err)
	}
	if NoSpecial.String() != "none" || Special(16).String() != "special(16)" {
		t.Errorf("no special is written %q, 16 %q", NoSpecial.String(), Special(16).String())
	}
	// Unknown names: each an ErrUnknownSpecial naming the text.
	for _, text := range []string{"XYZ", "三顺", "", "dragons"} {
		s, err := ParseSpecial(text)
		if !errors.Is(err, ErrUnknownSpecial) || s != NoSpecial || (text != "" && !strings.Contains(err.Error(), text)) {
			t.Errorf("ParseSpecial(%q): %v %v", text, s, err)
		}
	}
	if _, err := ParseSpecial("XYZ"); err == nil || !strings.Contains(err.Error(), `unknown special hand "XYZ"`) {
		t.Errorf("XYZ: %v", err)
	}
	if _, err := ParseSpecial("\xff"); !errors.Is(err, ErrInvalidUTF8) {
		t.Errorf("text that is not UTF-8: %v", err)
	}
}

func TestSpecialWaterAndOrder(t *testing.T) {
	kx, hk, classic := MustRules("kx"), MustRules("hk"), MustRules("classic")
	defer kx.Close()
	defer hk.Close()
	defer classic.Close()
	for _, c := range []struct {
		r    *Rules
		s    Special
		want uint32
	}{{kx, SupremeDragon, 32}, {kx, ThreeStraights, 4}, {kx, ThreeFlushes, 3}, {hk, SupremeDragon, 0}, {hk, Dragon, 13}} {
		if w, err := c.r.SpecialWater(c.s); err != nil || w != c.want {
			t.Errorf("%v water %d, %v; want %d", c.s, w, err, c.want)
		}
	}
	order, err := hk.Specials()
	want := []Special{Dragon, TwelveRoyals, ThreeFlushes, ThreeStraights, SixPairs, FivePairsTrips}
	if err != nil || len(order) != len(want) {
		t.Fatalf("hk's specials: %v %v", order, err)
	}
	for i := range want {
		if order[i] != want[i] {
			t.Errorf("hk's specials: %v, want %v", order, want)
			break
		}
	}
	order, err = classic.Specials()
	water := []uint32{108, 36, 24, 22, 20, 15, 12, 10, 6, 5, 4, 3, 3}
	if err != nil || len(order) != 13 || order[0] != SupremeDragon || order[12] != ThreeStraights {
		t.Fatalf("classic's specials: %v %v", order, err)
	}
	for i, s := range order {
		if w, err := classic.SpecialWater(s); err != nil || w != water[i] {
			t.Errorf("classic %v: water %d, %v; want %d", s, w, err, water[i])
		}
	}
	if s, err := kx.Specials(); err != nil || len(s) != 13 {
		t.Errorf("kx lists %d specials, %v", len(s), err)
	}
	cp := MustRules("chinese_poker")
	if s, err := cp.Specials(); err != nil || len(s) != 0 {
		t.Errorf("chinese_poker has no specials: %v %v", s, err)
	}
	if w, err := cp.SpecialWater(Dragon); err != nil || w != 0 {
		t.Errorf("a dragon under chinese_poker: %d %v", w, err)
	}
	cp.Close()
	if w, err := classic.SpecialWater(16); !errors.Is(err, ErrInvalidArgument) || !strings.Contains(err.Error(), "special 16") || w != 0 {
		t.Errorf("the water of special 16: %d %v", w, err)
	}
	if _, err := cp.Specials(); err != ErrClosed {
		t.Errorf("closed rules' specials: %v", err)
	}
	if _, err := cp.SpecialWater(Dragon); err != ErrClosed {
		t.Errorf("closed rules' water: %v", err)
	}
}

func TestDetectSpecial(t *testing.T) {
	// The cases of RULES.md §6 the C and C# tests spell out: rule set, hand, every special made,
	// and the three-piece arrangement.
	cases := []struct{ rules, hand, all, lanes string }{
		{"classic", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "SD DR TSF OC TF TS", ""},
		{"hk", "2s 3s 4s 5s 6s 7s 8s 9s Ts Js Qs Ks As", "DR TF TS", ""},
		{"classic", "2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad", "DR TS", ""},
		{"classic", "2s 3h 4s 5h 6d 7h 8c 8h Td Jc Qd Kd Ad", "", ""},
		{"classic", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR TQ AB SP", ""},
		{"hk", "Js Jh Jd Jc Qs Qh Qd Qc Ks Kh Kd Kc As", "TR SP", ""},
		{"classic", "Js Jh Jd Qs Qh Qd Ks Kh Kd As Ah Ad 2c", "FT", ""},
		{"classic", "Ah 2h 3h 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TSF TF TS", "Ah 3h 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d"},
		{"classic", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TSF TF TS", "Kh Qh Jh / 9d 8d 7d 6d 5d / Ac 5c 4c 3c 2c"},
		{"hk", "Jh Qh Kh Ac 2c 3c 4c 5c 5d 6d 7d 8d 9d", "TF TS", "Kh Qh Jh / Ac 5c 4c 3c 2c / 9d 8d 7d 6d 5d"},
		{"classic", "Ah 2h 3d 5c 6c 7c 8c 9c 9d Td Jd Qd Kd", "TS", "Ah 3d 2h / 9c 8c 7c 6c 5c / Kd Qd Jd Td 9d"},
		{"regional", "2s 2h 2d 2c 5s 5h 5d 9s 9h 9d Ks Kh Kd", "TTQ FT", ""},
		{"classic", "2h 5h 9h 3c 6c 8c Tc Qc 4d 7d Jd Kd 2d", "TF", "9h 5h 2h / Qc Tc 8c 6c 3c / Kd Jd 7d 4d 2d"},
		{"classic", "3s 4d 5c 7h 8h 9d Td Jc 9s Ts Jh Qd Kc", "TS", "5c 4d 3s / Jc Td 9d 8h 7h / Kc Qd Jh Ts 9s"},
		{"regional", "2s 3s 4s 5s 6s 7s 8s 2c 3c 4c 5c 6c 7c", "OC AS SP", ""},
		{"classic", "As Kd Qh Js 9c 8d 7h 5s 4c 3d 2h Tc Td", "", ""},
	}
	for _, c := range cases {
		r := MustRules(c.rules)
		hand := MustParseCards(c.hand)
		d, err := r.DetectSpecial(hand)
		what := c.rules + " " + c.hand
		ids := make([]string, len(d.All))
		for i, s := range d.All {
			ids[i] = s.String()
		}
		if err != nil || strings.Join(ids, " ") != c.all || d.HasBest != (c.all != "") {
			t.Errorf("%s: %v %v, want %q", what, d.All, err, c.all)
		}
		if c.all != "" && (d.Best != d.All[0] || !d.Has(d.All[len(d.All)-1])) {
			t.Errorf("%s: best %v of %v", what, d.Best, d.All)
		}
		lanes := ""
		if d.Arrangement != nil {
			lanes = d.Arrangement.String()
		}
		if lanes != c.lanes {
			t.Errorf("%s: lanes %q, want %q", what, lanes, c.lanes)
		}
		checkSpecialArrangement(t, r, hand, d, what)
		r.Close()
	}
	// Two flushes of the same ranks: three flushes, but a foul under strict_order.
	r := MustRules("classic")
	defer r.Close()
	tf := MustParseCards("2c 3c 5c As Qs 9s 5s 3s Ah Qh 9h 5h 3h")
	if d, err := r.DetectSpecial(tf); err != nil || len(d.All) != 1 || d.Best != ThreeFlushes {
		t.Errorf("three flushes: %+v %v", d, err)
	}
	if err := r.SetStrictOrder(true); err != nil {
		t.Fatal(err)
	}
	if d, err := r.DetectSpecial(tf); err != nil || d.HasBest || len(d.All) != 0 || d.Arrangement != nil {
		t.Errorf("three flushes under strict_order: %+v %v", d, err)
	}
	// Bad input, typed and named: the codes first, then the count, then copies.
	hand := MustParseCards("2s 3h 4s 5h 6d 7h 8c 9h Td Jc Qd Kd Ad")
	bad := func(cards []Card, sentinel *Error, text string) {
		t.Helper()
		d, err := r.DetectSpecial(cards)
		if !errors.Is(err, sentinel) || !strings.Contains(err.Error(), text) || d.HasBest || d.All != nil {
			t.Errorf("%v: %+v %v, want %s naming %q", cards, d, err, sentinel.Status, text)
		}
	}
	bad(hand[:12], ErrWrongCardCount, "expected 13 cards, got 12")
	bad(append(append([]Card{}, hand...), 0), ErrWrongCardCount, "expected 13 cards, got 14")
	bad(nil, ErrWrongCardCount, "got 0")
	dup := append([]Card{}, hand...)
	dup[7] = dup[2]
	bad(dup, ErrDuplicateCard, "duplicate card 4s at position 7")
	dup[7] = 200
	bad(dup, ErrBadCardCode, "card code 200")
	dup[7] = 52
	bad(dup[:3], ErrWrongCardCount, "expected 13 cards, got 3")
	bad(dup[:8], ErrBadCardCode, "card code 52")
	// Rule sets that list a special wrongly: the JSON path is named.
	js, _ := r.JSON()
	for _, c := range []struct{ from, to, path, text string }{
		{`"TSF"`, `"XYZ"`, "specials[3].special", ""},
		{`"TSF"`, `"DR"`, "specials[3].special", "listed twice"},
		{`"twelve_royals_min": 13`, `"twelve_royals_min": 14`, "twelve_royals_min", ""},
	} {
		_, err := RulesFromJSON(strings.Replace(js, c.from, c.to, 1))
		if !errors.Is(err, ErrInvalidRules) || !strings.Contains(err.Error(), c.path) || !strings.Contains(err.Error(), c.text) {
			t.Errorf("%s → %s: %v", c.from, c.to, err)
		}
	}
	r.Close()
	if _, err := r.DetectSpecial(hand); err != ErrClosed {
		t.Errorf("closed rules: %v", err)
	}
}
