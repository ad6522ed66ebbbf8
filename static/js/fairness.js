/* The fairness check, in the reader's own browser: SHA-256, the RULES.md section 8 shuffle and the
   dealing rule, written out here so nothing of the server's is trusted. */
(function () {
  "use strict";

  // --- SHA-256 (FIPS 180-4), bytes in, bytes out ---------------------------------------------------
  var K = [
    0x428a2f98, 0x71374491, 0xb5c0fbcf, 0xe9b5dba5, 0x3956c25b, 0x59f111f1, 0x923f82a4, 0xab1c5ed5,
    0xd807aa98, 0x12835b01, 0x243185be, 0x550c7dc3, 0x72be5d74, 0x80deb1fe, 0x9bdc06a7, 0xc19bf174,
    0xe49b69c1, 0xefbe4786, 0x0fc19dc6, 0x240ca1cc, 0x2de92c6f, 0x4a7484aa, 0x5cb0a9dc, 0x76f988da,
    0x983e5152, 0xa831c66d, 0xb00327c8, 0xbf597fc7, 0xc6e00bf3, 0xd5a79147, 0x06ca6351, 0x14292967,
    0x27b70a85, 0x2e1b2138, 0x4d2c6dfc, 0x53380d13, 0x650a7354, 0x766a0abb, 0x81c2c92e, 0x92722c85,
    0xa2bfe8a1, 0xa81a664b, 0xc24b8b70, 0xc76c51a3, 0xd192e819, 0xd6990624, 0xf40e3585, 0x106aa070,
    0x19a4c116, 0x1e376c08, 0x2748774c, 0x34b0bcb5, 0x391c0cb3, 0x4ed8aa4a, 0x5b9cca4f, 0x682e6ff3,
    0x748f82ee, 0x78a5636f, 0x84c87814, 0x8cc70208, 0x90befffa, 0xa4506ceb, 0xbef9a3f7, 0xc67178f2];

  function sha256(bytes) {
    var h = [0x6a09e667, 0xbb67ae85, 0x3c6ef372, 0xa54ff53a, 0x510e527f, 0x9b05688c, 0x1f83d9ab, 0x5be0cd19];
    var n = bytes.length;
    var padded = new Uint8Array(((n + 9 + 63) >> 6) << 6);
    padded.set(bytes);
    padded[n] = 0x80;
    var bits = n * 8;
    for (var i = 0; i < 8; i++) padded[padded.length - 1 - i] = Math.floor(bits / Math.pow(2, 8 * i)) & 0xff;
    var w = new Array(64);
    for (var off = 0; off < padded.length; off += 64) {
      for (var t = 0; t < 16; t++) {
        w[t] = (padded[off + 4 * t] << 24) | (padded[off + 4 * t + 1] << 16) | (padded[off + 4 * t + 2] << 8) | padded[off + 4 * t + 3];
      }
      for (t = 16; t < 64; t++) {
        var x = w[t - 15], y = w[t - 2];
        var s0 = ((x >>> 7) | (x << 25)) ^ ((x >>> 18) | (x << 14)) ^ (x >>> 3);
        var s1 = ((y >>> 17) | (y << 15)) ^ ((y >>> 19) | (y << 13)) ^ (y >>> 10);
        w[t] = (w[t - 16] + s0 + w[t - 7] + s1) | 0;
      }
      var a = h[0], b = h[1], c = h[2], d = h[3], e = h[4], f = h[5], g = h[6], k = h[7];
      for (t = 0; t < 64; t++) {
        var S1 = ((e >>> 6) | (e << 26)) ^ ((e >>> 11) | (e << 21)) ^ ((e >>> 25) | (e << 7));
        var ch = (e & f) ^ (~e & g);
        var t1 = (k + S1 + ch + K[t] + w[t]) | 0;
        var S0 = ((a >>> 2) | (a << 30)) ^ ((a >>> 13) | (a << 19)) ^ ((a >>> 22) | (a << 10));
        var maj = (a & b) ^ (a & c) ^ (b & c);
        var t2 = (S0 + maj) | 0;
        k = g; g = f; f = e; e = (d + t1) | 0; d = c; c = b; b = a; a = (t1 + t2) | 0;
      }
      h[0] = (h[0] + a) | 0; h[1] = (h[1] + b) | 0; h[2] = (h[2] + c) | 0; h[3] = (h[3] + d) | 0;
      h[4] = (h[4] + e) | 0; h[5] = (h[5] + f) | 0; h[6] = (h[6] + g) | 0; h[7] = (h[7] + k) | 0;
    }
    var out = new Uint8Array(32);
    for (i = 0; i < 8; i++) {
      out[4 * i] = h[i] >>> 24; out[4 * i + 1] = (h[i] >>> 16) & 0xff; out[4 * i + 2] = (h[i] >>> 8) & 0xff; out[4 * i + 3] = h[i] & 0xff;
    }
    return out;
  }

  function hex(bytes) { return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join(""); }
  function fromHex(text) {
    if (typeof text !== "string" || !/^([0-9a-fA-F]{2})*$/.test(text)) throw new Error("hex");
    var out = new Uint8Array(text.length / 2);
    for (var i = 0; i < out.length; i++) out[i] = parseInt(text.substr(2 * i, 2), 16);
    return out;
  }
  function concat(parts) {
    var total = parts.reduce(function (n, p) { return n + p.length; }, 0), out = new Uint8Array(total), at = 0;
    parts.forEach(function (p) { out.set(p, at); at += p.length; });
    return out;
  }
  function utf8(text) { return new TextEncoder().encode(text); }

  // --- the deck (RULES.md 2 and 8) -----------------------------------------------------------------
  var RANKS = ["2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"];
  var LOWEST = {52: 0, 36: 4, 32: 5};

  function canonical(size) {
    var deck = [];
    ["S", "H", "D", "C"].forEach(function (suit) {
      RANKS.slice(LOWEST[size]).forEach(function (rank) { deck.push(rank + suit); });
    });
    return deck;
  }

  function shuffled(seed, size) {
    var cards = canonical(size), block = null, offset = 32, k = 0;
    var two64 = BigInt(1) << BigInt(64);
    for (var i = cards.length - 1; i > 0; i--) {
      var bound = BigInt(i + 1), limit = two64 - (two64 % bound), u;
      do {
        if (offset === 32) {
          block = sha256(concat([seed, new Uint8Array([(k >>> 24) & 255, (k >>> 16) & 255, (k >>> 8) & 255, k & 255])]));
          k += 1; offset = 0;
        }
        u = BigInt("0x" + hex(block.slice(offset, offset + 8)));
        offset += 8;
      } while (u >= limit);
      var j = Number(u % bound), swap = cards[i];
      cards[i] = cards[j]; cards[j] = swap;
    }
    return cards;
  }

  function deckSeed(seed, contributions) {
    if (!contributions.length) return seed;
    return sha256(concat([seed].concat(contributions.map(function (c) { return sha256(utf8(c)); }))));
  }

  // games.engine.fairness.first_dealer: a table's first dealer, drawn from its first deal's seed as
  // the deck is (block k = SHA-256(seed || "first dealer" || k), 8-byte draws, rejection as above).
  function firstDealer(seed, seats) {
    var two64 = BigInt(1) << BigInt(64), bound = BigInt(seats), limit = two64 - (two64 % bound);
    for (var k = 0; ; k++) {
      var block = sha256(concat([seed, utf8("first dealer"),
        new Uint8Array([(k >>> 24) & 255, (k >>> 16) & 255, (k >>> 8) & 255, k & 255])]));
      for (var offset = 0; offset < 32; offset += 8) {
        var u = BigInt("0x" + hex(block.slice(offset, offset + 8)));
        if (u < limit) return Number(u % bound);
      }
    }
  }

  var HAND_SIZE = {classic: 4, moryak: 4, bulgarian36: 4, zone52: 4, student: 4, frap: 4, khrap5: 5, named5: 5};
  // The players a table of each preset seats (RULES.md 7; games.engine.rules.PRESETS).
  var PLAYERS = {classic: [2, 5], moryak: [2, 8], bulgarian36: [2, 6], zone52: [2, 6], student: [3, 4],
                 frap: [2, 12], khrap5: [2, 6], named5: [2, 5]};

  // The deck each preset deals to a number of seats: [most seats, cards] pairs, the first that holds
  // the seats (games.engine.rules.PRESETS, Rules.deck_for). A "deck" rule is a size or such pairs.
  var DECKS = {classic: [[5, 36]], moryak: [[6, 36], [8, 52]], bulgarian36: [[6, 36]], zone52: [[6, 52]],
               student: [[4, 36]], frap: [[4, 32], [6, 36], [12, 52]], khrap5: [[4, 32], [6, 36]],
               named5: [[5, 36]]};

  // Every rule a file may change (games.engine.rules.Rules, but its preset's "name"): another name is
  // no rule, and the command calls such a file malformed (review 134: the page called it fair).
  var RULES = [
      "min_players", "max_players", "deck", "hand_size", "snore_tricks", "trump_source", "trump_rounds",
      "new_trump_suit", "ante_policy", "ante_each_round", "ante_on_redeal", "join_when_bank_empty",
      "five", "five_timing", "five_draw", "six_draw", "five_take_trump", "cheer", "mourn", "helicopter",
      "dark", "dealer_wrap_hidden", "shoot", "exchange_snorer", "exchange_helper", "exchange_order",
      "draw_choice", "first_lead", "first_trick_order", "instant_win", "failed_collect", "penalty_to",
      "next_dealer", "joker", "liability_snorer", "liability_helper", "penalty_snorer", "penalty_helper",
      "liability_blind", "penalty_snorer_by_tricks", "penalty_blind", "penalty_blind_ace",
      "snorer_payout"];

  function whole(value) { return typeof value === "number" && value % 1 === 0; }

  function deckPairs(value) {
    if (whole(value)) value = [[99, value]];
    if (!Array.isArray(value) || !value.length || !value.every(function (pair) {
      return Array.isArray(pair) && pair.length === 2 && whole(pair[0]) && LOWEST.hasOwnProperty(pair[1]);
    })) throw new Error("deck rule");
    return value;
  }

  function deckFor(pairs, seats) {
    for (var i = 0; i < pairs.length; i++) if (seats <= pairs[i][0]) return pairs[i][1];
    return pairs[pairs.length - 1][1];
  }

  function isSeat(value, seats) { return typeof value === "number" && value % 1 === 0 && value >= 0 && value < seats; }

  // RULES.md 4.1: the hands go round clockwise from the dealer's left, the dealer last, past the
  // seats that sit the deal out; with no dealer named (a file of an earlier version, after its first
  // deal), clockwise from any seat. As games.engine.verify: "dealt" is the server's word and the
  // order is checked, or a server that knew the deck could give the first hand to any seat.
  function dealtInTurn(dealt, seats, dealer) {
    var start = dealer === null ? dealt[dealt.length - 1] : dealer;
    function after(seat) { return ((seat - start - 1) % seats + seats) % seats; }
    var order = dealt.slice().sort(function (a, b) { return after(a) - after(b); });
    return order.join(" ") === dealt.join(" ");
  }

  // A player's string as games.engine.fairness.contribution_ok holds it: 1 to 64 characters (code
  // points, not UTF-16 units), every one printable as Python's str.isprintable says (the plain
  // space is; line breaks, format characters, other spaces and lone surrogate halves are not).
  var UNPRINTABLE = /[\p{Cc}\p{Cf}\p{Cs}\p{Co}\p{Cn}\p{Zl}\p{Zp}\p{Zs}]/u;

  function contributionOk(value) {
    if (typeof value !== "string") return false;
    var length = Array.from(value).length;
    return length > 0 && length <= 64 && !UNPRINTABLE.test(value.replace(/ /g, "x"));
  }

  // Review 152, as games.engine.verify.string_seats: the seed mixes the strings in seat order, so
  // the record names each string's seat ("contributors") and the bots' seats ("bots"). The seats go
  // up strictly and none is a bot's; listed alone, the strings let a server reorder them or add one
  // for a bot and grind for a deck it liked. A record without seats (an older one) reads as before.
  function seatList(value, seats, what) {
    if (!Array.isArray(value) || !value.every(function (s) { return isSeat(s, seats); })) throw new Error(what);
    return value;
  }

  function stringSeats(fair, contributions, seats) {
    var has = Object.prototype.hasOwnProperty;
    if (!has.call(fair, "contributors")) {
      if (has.call(fair, "bots")) seatList(fair.bots, seats, "bots");
      return {checked: false, problems: [], strings: contributions.map(function (v) { return {seat: null, value: v}; })};
    }
    var by = seatList(fair.contributors, seats, "contributors");
    if (by.length !== contributions.length) throw new Error("contributors");
    var bots = seatList(has.call(fair, "bots") ? fair.bots : [], seats, "bots"), problems = [];
    if (by.some(function (s, i) { return i > 0 && s <= by[i - 1]; })) problems.push("seats");
    if (by.some(function (s) { return bots.indexOf(s) >= 0; })) problems.push("bot");
    return {checked: true, problems: problems, strings: by.map(function (s, i) { return {seat: s, value: contributions[i]}; })};
  }

  function verifyDeal(deal, handSize, dealer, decks) {
    var fair = deal._fair, problems = [];
    // As strict as games.engine.verify: at least two different seats dealt in, each with a hand
    // (an empty list would pass the hands check without checking a hand), strings for strings.
    // No "contributions" is none; null or false is no list (as games.engine.verify, review 98).
    var dealt = fair.dealt, hands = fair.hands;
    var contributions = Object.prototype.hasOwnProperty.call(fair, "contributions") ? fair.contributions : [];
    if (!Array.isArray(dealt) || !Array.isArray(hands) || dealt.length < 2 ||
        dealt.some(function (s, i) {
          return typeof s !== "number" || s % 1 !== 0 || s < 0 || s >= hands.length || dealt.indexOf(s) !== i;
        })) throw new Error("dealt");
    if (!Array.isArray(contributions) || !contributions.every(contributionOk)) throw new Error("contributions");
    // Each hand a list of card names, or null: a hand written as one string ("AS KS QS JS") read
    // the same as its four cards once joined with spaces.
    if (hands.some(function (hand) {
      return hand !== null && (!Array.isArray(hand) || hand.some(function (c) { return typeof c !== "string"; }));
    })) throw new Error("hands");
    // 32, 36 or 52 cards, as games.engine.verify: another count has no canonical deck to shuffle.
    if (!Array.isArray(deal.deck) || !Object.prototype.hasOwnProperty.call(LOWEST, deal.deck.length)) {
      throw new Error("deck");
    }
    // As games.engine.verify: a commitment is a string (a list of one read as its string here),
    // compared with spaces round it dropped and in either case. And the hands that many seats hold
    // come out of the deck: a hand size of 10^12 had this page count to it.
    if (typeof fair.commitment !== "string") throw new Error("commitment");
    if (dealt.length * handSize > deal.deck.length) throw new Error("hand size");
    problems = stringSeats(fair, contributions, hands.length).problems.slice();
    var seed = fromHex(fair.seed);
    if (hex(sha256(seed)) !== fair.commitment.trim().toLowerCase()) problems.push("commitment");
    var deck = shuffled(deckSeed(seed, contributions), deal.deck.length);
    // Card by card: joined into one string, a card written as a list (["AS"]) read as the card.
    if (deck.some(function (card, i) { return card !== deal.deck[i]; })) problems.push("deck");
    // Review 134: the seed's 32-, 36- and 52-card shuffles were each called fair, so a server that
    // knew the seed chose among three decks, and dealt a game from a deck it does not use.
    if (deal.deck.length !== deckFor(decks, hands.length)) problems.push("size");
    var m = fair.dealt.length, handsOk = true;
    fair.dealt.forEach(function (seat, j) {
      var should = [];
      for (var p = j; p < m * handSize; p += m) should.push(deck[p]);
      var got = hands[seat] === null ? null : JSON.stringify(hands[seat].slice().sort());
      if (JSON.stringify(should.sort()) !== got) handsOk = false;
    });
    // A seat the cards did not go to, shown holding some (review 98: both verifiers called it fair).
    hands.forEach(function (hand, seat) { if (dealt.indexOf(seat) < 0 && hand && hand.length) handsOk = false; });
    if (!handsOk) problems.push("hands");
    if (dealer !== null && !isSeat(dealer, hands.length)) throw new Error("dealer");
    var inTurn = true;
    if (Object.prototype.hasOwnProperty.call(fair, "dealer")) {
      if (!isSeat(fair.dealer, hands.length)) throw new Error("dealer");
      if (dealer !== null && fair.dealer !== dealer) inTurn = false;
      dealer = fair.dealer;
    }
    if (fair.first !== undefined && typeof fair.first !== "boolean") throw new Error("first");
    if (fair.first === true && dealer !== firstDealer(deckSeed(seed, contributions), hands.length)) {
      problems.push("first");
    }
    if (!inTurn || !dealtInTurn(dealt, hands.length, dealer)) problems.push("order");
    return problems;
  }

  // As games.engine.json_objects.bad_text (review 98): a NUL or an unpaired surrogate half, which
  // JSON's escapes write ("\u0000", "\ud800"), in any key or string is no text: a malformed file.
  var NOT_TEXT = /\u0000|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(^|[^\uD800-\uDBFF])[\uDC00-\uDFFF]/;

  function wellFormed(value) {
    var stack = [value];
    while (stack.length) {
      var item = stack.pop();
      if (typeof item === "string") {
        if (NOT_TEXT.test(item)) return false;
      } else if (Array.isArray(item)) {
        stack.push.apply(stack, item);
      } else if (item !== null && typeof item === "object") {
        for (var key in item) {
          if (!Object.prototype.hasOwnProperty.call(item, key)) continue;
          if (NOT_TEXT.test(key)) return false;
          stack.push(item[key]);
        }
      }
    }
    return true;
  }

  // The deal's number at its table ("_deal.number", 1 for its first deal), or null when not given.
  function dealNumber(deal) {
    if (!Object.prototype.hasOwnProperty.call(deal, "_deal")) return null;
    var about = deal._deal, number = about && typeof about === "object" ? about.number : undefined;
    if (typeof number !== "number" || number % 1 !== 0 || number < 1) throw new Error("number");
    return number;
  }

  // As games.engine.verify (review 98): a deal that may be a table's first and does not say its
  // dealer was drawn from its seed ("first") leaves that dealer unchecked, so a server that picked
  // the first dealer it liked dropped the flag. A deal shows it is no first deal by its number
  // (above 1) or by being a scenario's later deal (its dealer follows from the deal before it).
  function mayBeFirst(deal, k, scenario) {
    var number = dealNumber(deal);
    if (deal._fair.first === true) return false;
    if (number !== null) return number === 1;
    return k === 0 || !scenario;
  }

  // The strings this browser added at the tables, by commitment: one key per string
  // ("khrap-own-string:<commitment>:<string>", table.js), and the one record earlier versions kept.
  function ownStrings() {
    var own = {};
    try {
      var storage = window.localStorage;
      var old = JSON.parse(storage.getItem("khrap-own-strings") || "{}");
      if (old && typeof old === "object" && !Array.isArray(old)) {
        Object.keys(old).forEach(function (c) { own[c] = [].concat(old[c]); });
      }
      for (var i = 0; i < storage.length; i++) {
        var parts = (storage.key(i) || "").split(":");
        if (parts.length !== 3 || parts[0] !== "khrap-own-string") continue;
        (own[parts[1]] = own[parts[1]] || []).push(parts[2]);
      }
    } catch (e) { /* no storage: nothing to show */ }
    return own;
  }

  // A seat as the people at the table read it, from 1 ("Seat 1" is the table's first): the file
  // counts from 0, and only the seats it keeps. Opened from his deal, the page knows the table's own
  // numbers (data-seat-numbers, one per seat of the file); a pasted file's are counted from 1.
  function seatShown(box, seat, here) {
    var numbers = here && box.dataset.seatNumbers ? box.dataset.seatNumbers.split(" ") : null;
    if (numbers && numbers[seat] !== undefined && numbers[seat] !== "") return numbers[seat];
    return String(seat + 1);
  }

  function show(box, text, ok) {
    box.textContent = text;
    box.className = "notice" + (ok ? "" : " error");
  }

  document.addEventListener("DOMContentLoaded", function () {
    var vector = document.getElementById("vector-check");
    if (vector) vector.addEventListener("click", function () {
      var seed = fromHex(vector.dataset.seed);
      var ok = hex(sha256(seed)) === vector.dataset.commitment &&
               shuffled(seed, 36).join(" ") === document.getElementById("vector-deck").textContent.trim();
      // Said in words: a bare "✓" or "✗" was read as nothing, or as a symbol's name.
      document.getElementById("vector-result").textContent = ok ? vector.dataset.same : vector.dataset.differs;
    });
    var button = document.getElementById("verify-button");
    var box = document.getElementById("verify-result");
    if (!button || !box) return;
    function run() {
      var text = document.getElementById("verify-input").value.trim();
      if (!text) return;
      try {
        var data = JSON.parse(text);
        if (!wellFormed(data)) throw new Error("text");
        // Absent or null is none; [], "" or 0 is no object (as games.engine.verify, review 98).
        var overrides = data.rules === undefined || data.rules === null ? {} : data.rules;
        if (typeof overrides !== "object" || Array.isArray(overrides)) throw new Error("rules");
        Object.keys(overrides).forEach(function (name) {
          if (RULES.indexOf(name) < 0) throw new Error("rule name");
        });
        // Own properties only: HAND_SIZE["constructor"] is a function, and "toString" too, and a hand
        // size that is no whole number from 1 deals no card to compare (every hand "was dealt").
        if (!Object.prototype.hasOwnProperty.call(HAND_SIZE, data.preset)) throw new Error("preset");
        var handSize = HAND_SIZE[data.preset];
        if (Object.prototype.hasOwnProperty.call(overrides, "hand_size")) handSize = overrides.hand_size;
        if (typeof handSize !== "number" || handSize % 1 !== 0 || handSize < 1) throw new Error("rules");
        var decks = deckPairs(Object.prototype.hasOwnProperty.call(overrides, "deck") ? overrides.deck : DECKS[data.preset]);
        if (!Array.isArray(data.deals) || !data.deals.length) throw new Error("shape");
        // One hand (or null) per seat of the table: a scenario's seats are its stacks, a fairness
        // record's a table of the preset's size. The first dealer is drawn over the seats: counted
        // from the hands, a server padded them with empty seats until the draw gave the dealer it
        // liked (as games.engine.verify).
        var seats = null, players = PLAYERS[data.preset].slice();
        if (Object.prototype.hasOwnProperty.call(data, "stacks")) {
          if (!Array.isArray(data.stacks)) throw new Error("stacks");
          seats = data.stacks.length;
        }
        ["min_players", "max_players"].forEach(function (name, i) {
          if (Object.prototype.hasOwnProperty.call(overrides, name)) players[i] = overrides[name];
        });
        // As games.engine.rules: whole numbers, 2 <= fewest <= most, and the deck deals each count a
        // hand (and the turned trump card). Taken unchecked, "max_players": 40 let a record padded
        // with empty seats until the first dealer's draw gave the dealer it liked pass (review 134).
        if (!whole(players[0]) || !whole(players[1]) || players[0] < 2 || players[0] > players[1]) {
          throw new Error("players");
        }
        var source = Object.prototype.hasOwnProperty.call(overrides, "trump_source") ? overrides.trump_source
          : (data.preset === "named5" ? "named" : "turned");
        var turned = source === "turned" ? 1 : 0;
        for (var p = players[0]; p <= players[1]; p++) {
          if (p * handSize + turned > deckFor(decks, p)) throw new Error("deck too small");
        }
        data.deals.forEach(function (deal) {
          var hands = deal && deal._fair && deal._fair.hands;
          if (!Array.isArray(hands)) return;  // verifyDeal says what is wrong with it
          if (seats !== null ? hands.length !== seats : !(hands.length >= players[0] && hands.length <= players[1])) {
            throw new Error("seats");
          }
        });
        // A scenario's dealer deals its first deal (a fairness record alone names its own).
        var dealer = null;
        if (Object.prototype.hasOwnProperty.call(data, "dealer")) {
          if (!isSeat(data.dealer, Infinity)) throw new Error("dealer");
          dealer = data.dealer;
        }
        var failures = [], own = ownStrings(), mineIn = 0, mineOut = 0, numbers = [];
        var said = [], unchecked = false, misplaced = false;
        var scenario = seats !== null;
        data.deals.forEach(function (deal, k) {
          if (!deal._fair) throw new Error("no record");
          verifyDeal(deal, handSize, k === 0 ? dealer : null, decks).forEach(function (p) { failures.push(box.dataset[p]); });
          if (mayBeFirst(deal, k, scenario)) failures.push(box.dataset.unchecked);
          if (dealNumber(deal) !== null) numbers.push(dealNumber(deal));
          // One string, or several when two tabs at the table each sent one (the server kept one).
          var fair = deal._fair, bySeat = stringSeats(fair, fair.contributions || [], fair.hands.length);
          // My string at MY seat: the page names the reader's seat when it opened his own deal; a
          // pasted file's is not known, so the page says where the string is for him to check.
          var mySeat = null, myDeal = box.dataset.myDeal;
          var here = !!(myDeal && deal._deal && String(deal._deal.id) === myDeal);
          if (bySeat.strings.length) {
            said.push(box.dataset.stringsBySeat + ": " + bySeat.strings.map(function (item) {
              return (item.seat === null ? "?" : box.dataset.seat + " " + seatShown(box, item.seat, here)) + ": " + item.value;
            }).join("; ") + ".");
          }
          if (!bySeat.checked && bySeat.strings.length) unchecked = true;
          if (here && box.dataset.mySeat !== undefined && box.dataset.mySeat !== "") mySeat = Number(box.dataset.mySeat);
          var mine = own[String(fair.commitment).toLowerCase()];
          if (typeof mine === "string") mine = [mine];
          if (Array.isArray(mine) && mine.length) {
            var found = bySeat.strings.filter(function (item) { return mine.indexOf(item.value) >= 0; });
            if (here && mySeat === null) {
              said.push(box.dataset.mineNoSeat);
            } else if (!found.length) {
              mineOut += 1;
            } else if (!bySeat.checked) {
              mineIn += 1;
            } else if (mySeat !== null) {
              if (found.some(function (item) { return item.seat === mySeat; })) {
                said.push(box.dataset.mineHere.replace("{seat}", seatShown(box, mySeat, here)));
              } else {
                said.push(box.dataset.mineElsewhere.replace("{seat}", seatShown(box, mySeat, here)));
                misplaced = true;
              }
            } else {
              said.push(box.dataset.mineAt.replace("{seat}", seatShown(box, found[0].seat, here)));
            }
          }
        });
        var text = failures.length ? box.dataset.bad + ": " + failures.join("; ") : box.dataset.ok;
        // Said, as the command's output says it: a reader whose deal was his table's first sees a
        // file that numbers it otherwise (its dealer, the rules', left unchecked).
        if (numbers.length && box.dataset.numbers) text += " " + box.dataset.numbers + " " + numbers.join(", ") + ".";
        if (said.length) text += " " + said.join(" ");
        if (unchecked) text += " " + box.dataset.seatsUnchecked;
        if (mineIn) text += " " + box.dataset.mineIn;
        if (mineOut) text += " " + box.dataset.mineOut;
        show(box, text, !failures.length && !mineOut && !misplaced);
      } catch (e) {
        show(box, box.dataset.malformed, false);
      }
    }
    button.addEventListener("click", run);
    if (document.getElementById("verify-input").value.trim()) run();
  });
})();
