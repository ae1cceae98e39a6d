// The shisanshui playground: pick or type 13 cards, arrange them, ask for lane hints, see a
// special hand's advice, and deal a whole round settled in water and money; with wild jokers
// (RULES.md §12) on, each lane says what its jokers stand for. Everything calls
// the npm package `shisanshui` (WebAssembly), mapped to ./shisanshui/browser.js by the page's
// import map. No build step, no dependencies.

const $ = (id) => document.getElementById(id);

// ---------------------------------------------------------------------------------------------
// Text in both languages.

const TEXT = {
  en: {
    title: 'Thirteen Water playground',
    preset: 'Rules',
    seats: 'Seats',
    jokers: 'Jokers',
    joker_lanes: 'Joker reading',
    each_best: 'each lane at its best',
    avoid_foul: 'avoid a foul',
    stands_for: '{joker} as {card}',
    joker_small: 'SJ',
    joker_big: 'BJ',
    other_language: '中文',
    loading: 'Loading the engine…',
    load_failed: 'The engine could not be loaded: {msg}',
    your_hand: 'Your hand',
    hand_placeholder: 'Type cards (As Kd 10h …) or click them below',
    random: 'Random hand',
    clear: 'Clear',
    hints: 'Lane hints',
    arrange: 'Arrange',
    best_arrangement: 'Arrangement',
    expected_water: 'Expected water against the field',
    suggestions: 'Suggestions',
    deal_round: 'Deal a round',
    seed: 'Seed',
    deal: 'Deal a round',
    round_note: 'Four seats, each arranged by the engine (declaring a special when it is worth more); money at 1.00 per water, carry 50.00 each, 5% rake.',
    footer: 'Everything here runs in your browser: the rules engine is WebAssembly.',
    front: 'Front',
    middle: 'Middle',
    back: 'Back',
    kind_best: 'best',
    kind_strongest_back: 'strongest back',
    kind_strongest_middle: 'strongest middle',
    kind_alternative: 'alternative',
    hand_full: 'A hand holds 13 cards: take one out first.',
    too_many: '{n} cards: a hand holds 13.',
    hint_none: 'none in this hand',
    hint_of: '{cat} {i} of {n}',
    fits_front: 'fits the front',
    special_found: 'Special hand: {name}',
    special_declare: 'Declare it (报到): about {d} water, against {l} as lanes.',
    special_play: 'Play it as lanes: about {l} water, against {d} for declaring.',
    special_disabled: 'These rules pay nothing for it.',
    seat: 'Seat {i}',
    banker: 'banker',
    declared: 'declared {name}',
    fouled: 'fouled',
    expected: 'expected {w}',
    water: 'water',
    total: 'Total',
    house: 'House (rake and rounding)',
    events: 'Events',
    ev_foul: 'seat {seat} fouled',
    ev_special: 'seat {seat} declared {name}',
    ev_shot: 'seat {shooter} shoots seat {victim}',
    ev_home_run: 'seat {seat} hits a home run',
    ev_banker: 'seat {seat} is the banker',
    bad_seed: 'The seed is a whole number from 0 to 18446744073709551615.',
    working: 'Working…',
  },
  zh: {
    title: '试玩台',
    preset: '规则',
    seats: '人数',
    jokers: '鬼牌',
    joker_lanes: '鬼牌算法',
    each_best: '每墩取最大',
    avoid_foul: '避免倒水',
    stands_for: '{joker}当{card}',
    joker_small: '小王',
    joker_big: '大王',
    other_language: 'English',
    loading: '正在加载引擎…',
    load_failed: '引擎加载失败：{msg}',
    your_hand: '手牌',
    hand_placeholder: '输入牌（As Kd 10h …）或在下面点选',
    random: '随机一手',
    clear: '清空',
    hints: '理牌提示',
    arrange: '自动摆牌',
    best_arrangement: '摆法',
    expected_water: '对全场的期望水数',
    suggestions: '推荐摆法',
    deal_round: '发一局',
    seed: '种子',
    deal: '发一局',
    round_note: '四家，每家由引擎摆牌（特殊牌型更划算时报到）；每水 1.00，每人带 50.00，抽水 5%。',
    footer: '一切都在浏览器里运行：规则引擎是 WebAssembly。',
    front: '头墩',
    middle: '中墩',
    back: '尾墩',
    kind_best: '最佳',
    kind_strongest_back: '尾墩最强',
    kind_strongest_middle: '中墩最强',
    kind_alternative: '备选',
    hand_full: '一手牌是 13 张：请先去掉一张。',
    too_many: '{n} 张牌：一手牌是 13 张。',
    hint_none: '这手牌没有',
    hint_of: '{cat} 第 {i} / {n} 组',
    fits_front: '可放头墩',
    special_found: '特殊牌型：{name}',
    special_declare: '建议报到：约 {d} 水，摆牌约 {l} 水。',
    special_play: '建议照常摆牌：约 {l} 水，报到约 {d} 水。',
    special_disabled: '此规则下不计分。',
    seat: '座位 {i}',
    banker: '庄家',
    declared: '报到 {name}',
    fouled: '倒水',
    expected: '期望 {w}',
    water: '水',
    total: '合计',
    house: '庄房（抽水与零头）',
    events: '事件',
    ev_foul: '座位 {seat} 倒水',
    ev_special: '座位 {seat} 报到 {name}',
    ev_shot: '座位 {shooter} 打枪 座位 {victim}',
    ev_home_run: '座位 {seat} 全垒打',
    ev_banker: '座位 {seat} 坐庄',
    bad_seed: '种子是 0 到 18446744073709551615 之间的整数。',
    working: '计算中…',
  },
};

const CATEGORY = {
  high_card: { en: 'High card', zh: '乌龙' },
  one_pair: { en: 'Pair', zh: '对子' },
  two_pair: { en: 'Two pair', zh: '两对' },
  three_of_a_kind: { en: 'Three of a kind', zh: '三条' },
  straight: { en: 'Straight', zh: '顺子' },
  flush: { en: 'Flush', zh: '同花' },
  full_house: { en: 'Full house', zh: '葫芦' },
  four_of_a_kind: { en: 'Four of a kind', zh: '铁支' },
  straight_flush: { en: 'Straight flush', zh: '同花顺' },
  five_of_a_kind: { en: 'Five of a kind', zh: '五同' },
};
const HINT_CATEGORIES = [
  'one_pair', 'two_pair', 'three_of_a_kind', 'straight', 'flush', 'full_house', 'four_of_a_kind', 'straight_flush',
];
const LANES = ['front', 'middle', 'back'];

let lang = 'en';
try {
  const saved = localStorage.getItem('shisanshui-playground-lang');
  if (saved === 'zh' || saved === 'en') lang = saved;
} catch {
  // Storage may be off (a private window): English then.
}

function t(key, values = {}) {
  const text = TEXT[lang][key] ?? TEXT.en[key] ?? key;
  return text.replace(/\{(\w+)\}/g, (_, k) => (k in values ? String(values[k]) : `{${k}}`));
}
const categoryName = (c) => CATEGORY[c]?.[lang] ?? c;

// ---------------------------------------------------------------------------------------------
// Cards. Codes 0-51: rank index × 4 + suit (2♦ = 0 … A♠ = 51; suits ♦ ♣ ♥ ♠); 52 the small
// joker (SJ, 小王) and 53 the big one (BJ, 大王), dealt when the rules have jokers.

const RANK_TEXT = ['2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K', 'A'];
const SUIT_SYMBOL = ['♦', '♣', '♥', '♠'];
const SUIT_CLASS = ['diamonds', 'clubs', 'hearts', 'spades'];
const byStrength = (a, b) => b - a;

function el(tag, attrs = {}, ...children) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs)) {
    if (v === undefined || v === null || v === false) continue;
    if (k === 'class') e.className = v;
    else if (k === 'text') e.textContent = v;
    else if (k.startsWith('on')) e.addEventListener(k.slice(2), v);
    else e.setAttribute(k, v === true ? '' : String(v));
  }
  for (const c of children.flat()) if (c !== null && c !== undefined) e.append(c);
  return e;
}

const SMALL_JOKER = 52;
const BIG_JOKER = 53;
const isJokerCode = (code) => code === SMALL_JOKER || code === BIG_JOKER;
const jokerName = (code) => t(code === SMALL_JOKER ? 'joker_small' : 'joker_big');
// A card as text with its suit symbol: "A♠", "10♥"; the jokers by name.
const cardSymbol = (code) => (isJokerCode(code) ? jokerName(code) : RANK_TEXT[code >> 2] + SUIT_SYMBOL[code & 3]);

function jokerTile(code, { size = '', button = false, onclick } = {}) {
  const tile = el(button ? 'button' : 'span', {
    class: `card joker ${code === BIG_JOKER ? 'big' : 'small'} ${size}`.trim(),
    'data-code': code,
    title: code === SMALL_JOKER ? 'SJ 小王' : 'BJ 大王',
    type: button ? 'button' : undefined,
    onclick,
  });
  tile.append(el('span', { class: 'rank', text: code === SMALL_JOKER ? 'SJ' : 'BJ' }), el('span', { class: 'suit', text: code === SMALL_JOKER ? '小王' : '大王' }));
  return tile;
}

function cardTile(code, { size = '', button = false, onclick } = {}) {
  if (isJokerCode(code)) return jokerTile(code, { size, button, onclick });
  const rank = code >> 2;
  const suit = code & 3;
  const red = suit === 0 || suit === 2;
  const tile = el(button ? 'button' : 'span', {
    class: `card ${SUIT_CLASS[suit]} ${red ? 'red' : 'black'} ${size}`.trim(),
    'data-code': code,
    title: sss.cardText(code),
    type: button ? 'button' : undefined,
    onclick,
  });
  tile.append(el('span', { class: 'rank', text: RANK_TEXT[rank] }), el('span', { class: 'suit', text: SUIT_SYMBOL[suit] }));
  return tile;
}

function cardRow(codes, opts = {}) {
  return el('span', { class: 'cards' }, [...codes].sort(byStrength).map((c) => cardTile(c, opts)));
}

const codesOf = (texts) => texts.map((x) => sss.cardCode(x));
const cardsSymbolText = (codes) => [...codes].sort(byStrength).map(cardSymbol).join(' ');

// What each joker of a lane stands for: the lane (card texts) and the lane as played (the same
// order, each joker replaced by its card), as tags "SJ as A♠".
function standsFor(lane, played) {
  const tags = [];
  lane.forEach((text, i) => {
    if (!sss.isJoker(text) || !played) return;
    const joker = sss.cardCode(text);
    const card = sss.cardCode(played[i]);
    tags.push(el('span', {
      class: 'tag joker-as',
      'data-joker': text,
      'data-card': played[i],
      text: t('stands_for', { joker: jokerName(joker), card: cardSymbol(card) }),
    }));
  });
  return el('span', { class: 'stands-for' }, tags);
}

// Expected water as the demo prints it (`{:+.2}`): "+0.86", "-1.59".
function signedWater(x) {
  return `${x < 0 || Object.is(x, -0) ? '-' : '+'}${Math.abs(x).toFixed(2)}`;
}
// The demo's text of exact water: "+3", "-7/3", "0".
function fractionText({ num, den }) {
  const body = den === 1 ? String(num) : `${num}/${den}`;
  return num > 0 ? `+${body}` : body;
}
// The demo's text of money in cents: "+3.00", "-12.35", " 0.00" (without the space here).
function moneyText(cents) {
  const sign = cents < 0 ? '-' : cents > 0 ? '+' : '';
  const a = Math.abs(cents);
  return `${sign}${Math.floor(a / 100)}.${String(a % 100).padStart(2, '0')}`;
}

// ---------------------------------------------------------------------------------------------
// The engine, its rule sets and arrangers (kept: an arranger builds its objective once).

let sss;
const rulesCache = new Map();
const arrangerCache = new Map();
// The rule set of a preset with the page's joker options (none unless jokers are on).
function rules(preset = state.preset) {
  const key = `${preset}/${state.jokers}/${state.jokerLanes}`;
  if (!rulesCache.has(key)) {
    const changes = state.jokers > 0 ? { jokers: state.jokers, joker_lanes: state.jokerLanes } : undefined;
    rulesCache.set(key, sss.Rules.preset(preset, changes));
  }
  return rulesCache.get(key);
}
function arranger(players = state.players, preset = state.preset, role = undefined) {
  const key = `${preset}/${state.jokers}/${state.jokerLanes}/${players}/${role ?? ''}`;
  if (!arrangerCache.has(key)) arrangerCache.set(key, new sss.Arranger(rules(preset), players, role ? { role } : {}));
  return arrangerCache.get(key);
}
let specialNames = new Map();
function specialName(id) {
  const s = specialNames.get(id);
  if (!s) return id;
  return lang === 'zh' ? s.chinese : `${s.name.charAt(0).toUpperCase()}${s.name.slice(1)} (${s.chinese})`;
}

// ---------------------------------------------------------------------------------------------
// State.

const state = {
  preset: 'classic',
  players: 4,
  jokers: 0, // wild jokers in the deck (RULES.md §12), 0 to 6
  jokerLanes: 'each_best', // how a hand's jokers are read: 'each_best' or 'avoid_foul'
  hand: [], // codes, in the order picked (a joker may be there more than once)
  handError: null, // the text field's parse error (a message)
  hints: {}, // category -> combos (codes), for the current hand
  hint: null, // {category, index}
  result: null, // {cards, best, suggestions}
  shown: 0, // which suggestion the lanes show (0: the best)
  arrangeError: null,
  round: null,
  roundError: null,
};

function showError(id, message) {
  const e = $(id);
  e.hidden = !message;
  e.textContent = message ?? '';
}

// Every handler: an error is shown beside the control, never thrown to the console.
function guarded(errorId, f) {
  return (...args) => {
    try {
      f(...args);
    } catch (e) {
      const message = e && e.message ? e.message : String(e);
      if (errorId) showError(errorId, message);
    }
  };
}

// ---------------------------------------------------------------------------------------------
// The hand: grid, text field, hints, special notice.

function buildGrid() {
  const grid = $('grid');
  grid.replaceChildren();
  for (const suit of [3, 2, 1, 0]) {
    for (let rank = 12; rank >= 0; rank--) {
      const code = rank * 4 + suit;
      grid.append(cardTile(code, { button: true, onclick: guarded('hand-error', () => toggleCard(code)) }));
    }
  }
  buildJokerGrid();
}

// The jokers the rules deal, beside the grid: a press adds one more while the deck has one,
// and takes them all out once the hand holds every copy.
function buildJokerGrid() {
  const box = $('joker-grid');
  box.replaceChildren();
  box.hidden = state.jokers === 0;
  for (const code of [BIG_JOKER, SMALL_JOKER]) {
    const copies = jokerCopies(code);
    if (copies === 0) continue;
    box.append(
      cardTile(code, { button: true, onclick: guarded('hand-error', () => pressJoker(code)) }),
      el('span', { class: 'held', 'data-code': code }),
    );
  }
}

// Copies of a joker in the deck: the small one ⌈j/2⌉ times, the big one ⌊j/2⌋ times.
function jokerCopies(code) {
  return code === SMALL_JOKER ? Math.ceil(state.jokers / 2) : Math.floor(state.jokers / 2);
}

function pressJoker(code) {
  const held = state.hand.filter((c) => c === code).length;
  if (held >= jokerCopies(code)) {
    state.hand = state.hand.filter((c) => c !== code);
    state.handError = null;
    handTextChanged();
    return;
  }
  toggleCard(code, true);
}

function handTextChanged() {
  $('hand-input').value = sss.formatCards([...state.hand].sort(byStrength), rules());
  handChanged();
}

// Take a card out of the hand, or put it in; `add` puts in one more copy (a joker).
function toggleCard(code, add = false) {
  const i = add ? -1 : state.hand.indexOf(code);
  if (i >= 0) {
    state.hand.splice(i, 1);
    state.handError = null;
  } else if (state.hand.length >= 13) {
    state.handError = t('hand_full');
    renderHand();
    return;
  } else {
    state.hand.push(code);
    state.handError = null;
  }
  handTextChanged();
}

function setHandFromText() {
  const text = $('hand-input').value;
  if (!text.trim()) {
    state.hand = [];
    state.handError = null;
    handChanged();
    return;
  }
  try {
    const codes = sss.parseCards(text, rules());
    if (codes.length > 13) {
      state.handError = t('too_many', { n: codes.length });
    } else {
      state.handError = null;
      state.hand = codes;
    }
  } catch (e) {
    state.handError = e.message;
  }
  handChanged();
}

function handChanged() {
  state.hint = null;
  state.result = null;
  state.arrangeError = null;
  state.hints = {};
  if (!state.handError && state.hand.length > 0) {
    for (const c of HINT_CATEGORIES) {
      try {
        state.hints[c] = sss.combos(state.hand, c, rules()).map((x) => ({ codes: codesOf(x.cards), fitsFront: x.fits_front }));
      } catch {
        state.hints[c] = [];
      }
    }
  }
  renderHand();
  renderHints();
  renderSpecial();
  renderResult();
}

function renderHand() {
  $('count').textContent = `${state.hand.length}/13`;
  $('count').classList.toggle('full', state.hand.length === 13);
  showError('hand-error', state.handError);
  const lit = new Set(state.hint ? state.hints[state.hint.category][state.hint.index].codes : []);
  const inHand = new Set(state.hand);
  for (const tile of $('grid').children) {
    const code = Number(tile.dataset.code);
    tile.classList.toggle('picked', inHand.has(code));
    tile.classList.toggle('hl', lit.has(code));
    tile.setAttribute('aria-pressed', inHand.has(code) ? 'true' : 'false');
  }
  for (const tile of $('joker-grid').querySelectorAll('.card')) {
    const code = Number(tile.dataset.code);
    tile.classList.toggle('picked', inHand.has(code));
    tile.setAttribute('aria-pressed', inHand.has(code) ? 'true' : 'false');
  }
  for (const count of $('joker-grid').querySelectorAll('.held')) {
    const code = Number(count.dataset.code);
    count.textContent = `${state.hand.filter((c) => c === code).length}/${jokerCopies(code)}`;
  }
  const row = $('hand-cards');
  row.replaceChildren(
    ...[...state.hand].sort(byStrength).map((code) => {
      const tile = cardTile(code, { button: true, onclick: guarded('hand-error', () => toggleCard(code)) });
      if (lit.has(code)) tile.classList.add('hl');
      return tile;
    }),
  );
  for (let i = state.hand.length; i < 13; i++) row.append(el('span', { class: 'card slot' }));
}

function renderHints() {
  const box = $('hint-buttons');
  box.replaceChildren();
  for (const c of HINT_CATEGORIES) {
    const n = state.hints[c]?.length ?? 0;
    const active = state.hint?.category === c;
    const b = el(
      'button',
      {
        type: 'button',
        class: `hint${active ? ' active' : ''}`,
        'data-category': c,
        disabled: n === 0,
        title: `${CATEGORY[c].en} ${CATEGORY[c].zh}`,
        onclick: guarded('hand-error', () => pressHint(c)),
      },
      el('span', { class: 'zh', text: CATEGORY[c].zh }),
      lang === 'en' ? el('span', { class: 'en', text: CATEGORY[c].en }) : null,
      n ? el('span', { class: 'n', text: String(n) }) : null,
    );
    box.append(b);
  }
  const info = $('hint-info');
  if (state.hint) {
    const { category, index } = state.hint;
    const list = state.hints[category];
    info.replaceChildren(
      el('span', { text: t('hint_of', { cat: categoryName(category), i: index + 1, n: list.length }) }),
      cardRow(list[index].codes, { size: 'mini' }),
      list[index].fitsFront ? el('span', { class: 'tag', text: t('fits_front') }) : null,
    );
  } else {
    info.replaceChildren();
  }
}

function pressHint(category) {
  const list = state.hints[category] ?? [];
  if (!list.length) return;
  if (state.hint?.category === category) state.hint = { category, index: (state.hint.index + 1) % list.length };
  else state.hint = { category, index: 0 };
  renderHand();
  renderHints();
}

function renderSpecial() {
  const box = $('special');
  box.hidden = true;
  box.replaceChildren();
  if (state.handError || state.hand.length !== 13) return;
  const found = sss.detectSpecial(state.hand, rules());
  if (found.best === null) return;
  let advice = null;
  try {
    advice = arranger().specialAdvice(state.hand);
  } catch {
    advice = null;
  }
  const lines = [el('strong', { text: t('special_found', { name: specialName(found.best) }) })];
  if (advice) {
    const values = { d: signedWater(advice.declare_water), l: signedWater(advice.lane_water) };
    lines.push(el('span', { class: advice.declare ? 'declare' : 'play', text: t(advice.declare ? 'special_declare' : 'special_play', values) }));
  } else {
    lines.push(el('span', { text: t('special_disabled') }));
  }
  box.replaceChildren(...lines);
  box.dataset.special = found.best;
  box.dataset.declare = advice ? String(advice.declare) : '';
  box.hidden = false;
}

// ---------------------------------------------------------------------------------------------
// Arrange.

function doArrange() {
  state.arrangeError = null;
  state.result = null;
  try {
    // The text field is what the player sees: arrange what it says (its errors shown as they are).
    const text = $('hand-input').value;
    const cards = text.trim() ? sss.parseCards(text, rules()) : state.hand;
    const a = arranger();
    const best = a.arrange(cards);
    const suggestions = a.suggest(cards, 3);
    state.result = { best, suggestions };
    state.shown = -1;
  } catch (e) {
    state.arrangeError = e && e.message ? e.message : String(e);
  }
  renderResult();
}

// `played`: the lanes as played (`checkArrangement(...).played`) when they hold jokers.
function lanesView(arranged, played) {
  return LANES.map((lane, i) =>
    el(
      'div',
      { class: `lane ${lane}`, 'data-lane': lane },
      el('span', { class: 'lane-name', text: t(lane) }),
      cardRow(codesOf(arranged.arrangement[lane])),
      el(
        'span',
        { class: 'lane-info' },
        el('span', { class: 'category', 'data-category': arranged.categories[i], text: categoryName(arranged.categories[i]) }),
        ' ',
        standsFor(arranged.arrangement[lane], played?.[lane]),
      ),
    ),
  );
}

// The lanes as played of an arrangement with jokers (undefined without).
function playedOf(arrangement) {
  return sss.checkArrangement(arrangement, rules()).played;
}

function renderResult() {
  showError('arrange-error', state.arrangeError);
  const panel = $('result');
  if (!state.result) {
    panel.hidden = true;
    return;
  }
  panel.hidden = false;
  const { best, suggestions } = state.result;
  const shown = state.shown < 0 ? best : suggestions[state.shown];
  const kind = state.shown < 0 ? 'best' : shown.kind;
  $('shown-kind').textContent = `· ${t(`kind_${kind}`)}`;
  $('lanes').replaceChildren(...lanesView(shown, playedOf(shown.arrangement)));
  const w = $('expected-water');
  w.textContent = signedWater(shown.expected_water);
  w.dataset.value = String(shown.expected_water);
  w.className = shown.expected_water >= 0 ? 'pos' : 'neg';
  $('suggestions').replaceChildren(
    ...suggestions.map((s, i) =>
      el(
        'li',
        {},
        el(
          'button',
          {
            type: 'button',
            class: `suggestion${(state.shown < 0 ? i === 0 : i === state.shown) ? ' active' : ''}`,
            'data-index': i,
            onclick: guarded('arrange-error', () => {
              state.shown = i;
              renderResult();
            }),
          },
          el('span', { class: 'kind', text: t(`kind_${s.kind}`) }),
          el('span', { class: 'water', text: signedWater(s.expected_water) }),
          el('span', { class: 'mini-lanes' }, LANES.map((lane) => cardRow(codesOf(s.arrangement[lane]), { size: 'mini' }))),
          el('span', { class: 'cats', text: s.categories.map(categoryName).join(' · ') }),
        ),
      ),
    ),
  );
}

// ---------------------------------------------------------------------------------------------
// A round, as core/examples/demo.rs plays one: deal 4 hands, each seat declares its special when
// the advice says so and plays the arranger's best lanes otherwise; settle; money at 1.00 per
// water (100 cents), carry 50.00 each, 5% rake.

const ROUND_SEATS = 4;
const STAKES = { base: 100, carries: Array(ROUND_SEATS).fill(5000), rake: 5 };

function doDeal() {
  state.round = null;
  state.roundError = null;
  try {
    const seedText = $('seed').value.trim();
    if (!/^\d+$/.test(seedText) || BigInt(seedText) >= 2n ** 64n) throw new Error(t('bad_seed'));
    const seed = BigInt(seedText);
    const r = rules();
    const banker = r.toJSON().table === 'banker' ? 0 : null;
    const hands = sss.deal(ROUND_SEATS, seed, r).map(codesOf);
    const seats = [];
    const shown = [];
    hands.forEach((hand, i) => {
      const a = banker === null ? arranger(ROUND_SEATS) : arranger(ROUND_SEATS, state.preset, i === banker ? 'banker' : 'player');
      const advice = a.specialAdvice(hand);
      if (advice && advice.declare) {
        seats.push({ special: advice.special, cards: hand });
        shown.push({ hand, special: advice.special, advice });
        return;
      }
      const best = a.arrange(hand);
      seats.push(best.arrangement);
      shown.push({ hand, best, advice });
    });
    const settlement = sss.settle(seats, r, banker ?? undefined);
    const money = sss.settleMoney(settlement.totals, STAKES);
    state.round = { seed: seedText, banker, shown, settlement, money };
  } catch (e) {
    state.roundError = e.message;
  }
  renderRound();
}

// A settlement's seat: {kind: "arranged", eval: {front, middle, back, foul: {front_over_middle,
// middle_over_back}}} or {kind: "special", special, water}.
function seatFouled(settlement, i) {
  const foul = settlement.seats?.[i]?.eval?.foul;
  return !!foul && (foul.front_over_middle || foul.middle_over_back);
}

function eventText(e) {
  const v = { ...e };
  switch (e.kind) {
    case 'foul': return t('ev_foul', v);
    case 'special': return t('ev_special', { ...v, name: specialName(e.special) });
    case 'shot': return t('ev_shot', v);
    case 'home_run': return t('ev_home_run', v);
    case 'banker': return t('ev_banker', v);
    default: return JSON.stringify(e);
  }
}

function renderRound() {
  showError('round-error', state.roundError);
  const box = $('seats');
  const footer = $('round-footer');
  if (!state.round) {
    box.replaceChildren();
    footer.replaceChildren();
    return;
  }
  const { shown, settlement, money, banker } = state.round;
  box.replaceChildren(
    ...shown.map((s, i) => {
      const units = settlement.units[i];
      const fouled = !s.special && seatFouled(settlement, i);
      const head = el(
        'div',
        { class: 'seat-head' },
        el('span', { class: 'seat-name', text: t('seat', { i }) + (banker === i ? ` · ${t('banker')}` : '') }),
        el('span', { class: `total-water ${units > 0 ? 'pos' : units < 0 ? 'neg' : ''}`, text: fractionText(settlement.totals[i]) }),
        el('span', { class: 'unit', text: t('water') }),
        el('span', { class: `total-money ${money.amounts[i] > 0 ? 'pos' : money.amounts[i] < 0 ? 'neg' : ''}`, text: moneyText(money.amounts[i]) }),
      );
      let body;
      if (s.special) {
        body = el(
          'div',
          { class: 'declared', 'data-special': s.special },
          el('span', { class: 'tag special-tag', text: t('declared', { name: specialName(s.special) }) }),
          cardRow(s.hand, { size: 'small' }),
          el('div', { class: 'seat-note' }, el('span', {
            text: t('special_declare', { d: signedWater(s.advice.declare_water), l: signedWater(s.advice.lane_water) }),
          })),
        );
      } else {
        body = el(
          'div',
          { class: 'seat-lanes' },
          LANES.map((lane, k) =>
            el(
              'div',
              { class: `lane ${lane}`, 'data-lane': lane },
              el('span', { class: 'lane-name', text: t(lane) }),
              cardRow(codesOf(s.best.arrangement[lane]), { size: 'small' }),
              el(
                'span',
                { class: 'lane-info' },
                el('span', { class: 'category', text: categoryName(s.best.categories[k]) }),
                ' ',
                standsFor(s.best.arrangement[lane], settlement.seats[i].played?.[lane]),
              ),
            ),
          ),
          el(
            'div',
            { class: 'seat-note' },
            el('span', { text: t('expected', { w: signedWater(s.best.expected_water) }) }),
            fouled ? el('span', { class: 'tag foul', text: t('fouled') }) : null,
          ),
        );
      }
      return el('div', { class: 'seat', 'data-seat': i }, head, body);
    }),
  );
  const events = settlement.events ?? [];
  footer.replaceChildren(
    el('div', { class: 'house' }, el('span', { text: t('house') }), el('strong', { class: 'house-money', text: moneyText(money.house) })),
    ...(events.length
      ? [el('div', { class: 'events' }, el('span', { text: `${t('events')}:` }), events.map((e) => el('span', { class: 'event tag', 'data-kind': e.kind, text: eventText(e) })))]
      : []),
  );
}

// ---------------------------------------------------------------------------------------------
// Language.

function applyLanguage() {
  document.documentElement.lang = lang === 'zh' ? 'zh-CN' : 'en';
  document.title = `十三水 shisanshui · ${t('title')}`;
  for (const e of document.querySelectorAll('[data-i18n]')) e.textContent = t(e.dataset.i18n);
  for (const e of document.querySelectorAll('[data-i18n-placeholder]')) e.placeholder = t(e.dataset.i18nPlaceholder);
  if (sss) {
    buildJokerGrid();
    renderHand();
    renderHints();
    renderSpecial();
    renderResult();
    renderRound();
  }
}

// ---------------------------------------------------------------------------------------------
// Start.

async function start() {
  applyLanguage();
  $('lang').addEventListener('click', () => {
    lang = lang === 'en' ? 'zh' : 'en';
    try {
      localStorage.setItem('shisanshui-playground-lang', lang);
    } catch {
      // Not kept: fine.
    }
    applyLanguage();
  });
  try {
    sss = await import('shisanshui');
  } catch (e) {
    $('status').textContent = t('load_failed', { msg: e && e.message ? e.message : String(e) });
    $('status').classList.add('failed');
    return;
  }
  specialNames = new Map(sss.specials().map((s) => [s.id, s]));
  $('version').textContent = `v${sss.version()}`;
  buildGrid();

  // A change of rules or table size redoes what is shown under the new choice.
  $('preset').addEventListener('change', guarded('hand-error', (ev) => {
    const arranged = !!state.result;
    state.preset = ev.target.value;
    setHandFromText();
    if (arranged) doArrange();
    if (state.round) doDeal();
  }));
  // Jokers on or off, or read another way: the hand is read again under the new deck (a joker
  // it no longer deals is shown as the engine's error), and what was shown is redone.
  const jokersChanged = () => {
    const arranged = !!state.result;
    $('joker-lanes').disabled = state.jokers === 0;
    buildJokerGrid();
    setHandFromText();
    if (arranged) doArrange();
    if (state.round) doDeal();
  };
  $('jokers').addEventListener('change', guarded('hand-error', (ev) => {
    state.jokers = Number(ev.target.value);
    jokersChanged();
  }));
  $('joker-lanes').addEventListener('change', guarded('hand-error', (ev) => {
    state.jokerLanes = ev.target.value;
    jokersChanged();
  }));
  $('players').addEventListener('change', guarded('hand-error', (ev) => {
    const arranged = !!state.result;
    state.players = Number(ev.target.value);
    handChanged();
    if (arranged) doArrange();
  }));
  $('hand-input').addEventListener('input', guarded('hand-error', setHandFromText));
  $('hand-input').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') $('arrange').click();
  });
  $('clear').addEventListener('click', guarded('hand-error', () => {
    $('hand-input').value = '';
    setHandFromText();
  }));
  $('random').addEventListener('click', guarded('hand-error', () => {
    const hand = sss.deal(4, undefined, rules())[0];
    $('hand-input').value = sss.formatCards(codesOf(hand).sort(byStrength), rules());
    setHandFromText();
  }));
  $('arrange').addEventListener('click', guarded('arrange-error', doArrange));
  $('deal').addEventListener('click', guarded('round-error', doDeal));
  $('seed').addEventListener('keydown', (ev) => {
    if (ev.key === 'Enter') $('deal').click();
  });

  state.preset = $('preset').value;
  state.players = Number($('players').value);
  state.jokers = Number($('jokers').value);
  state.jokerLanes = $('joker-lanes').value;
  $('joker-lanes').disabled = state.jokers === 0;
  buildJokerGrid();
  handChanged();
  $('status').hidden = true;
  $('app').hidden = false;
  document.body.dataset.ready = 'true';
}

start();
