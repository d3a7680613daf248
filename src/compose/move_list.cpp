#include "compose/move_list.hpp"

#include <algorithm>
#include <cstdint>
#include <memory>
#include <string>
#include <unordered_map>
#include <utility>
#include <vector>

#include "compose/kept_per_game.hpp"
#include "compose/text_wrap.hpp"
#include "compose/view_model.hpp"

namespace ck::compose {
namespace {

using referee::Announcement;
using referee::AnnouncementType;
using referee::PlayerView;
using rules::Color;

// One move of the move list: its text ("..." for the opponent's hidden move) and, after the
// opponent's hidden move, all that was announced of it; after a move the player saw, what its
// text does not show: the rule set's automatic announcements (pawn tries, a promotion), which
// both players heard.
core::Result<std::string, ComposeError> render_move_entry(const TemplateSet& w,
                                                          const PlayerView& view,
                                                          const PlyGroup& g) {
    const Announcement& moved = view.heard[g.moved];
    std::string text = moved.move.empty() ? "..." : moved.move;
    std::string notes;
    for (std::size_t i = g.moved + 1; i < g.end; ++i) {
        const AnnouncementType type = view.heard[i].type;
        if (type == AnnouncementType::GameOver) continue;
        if (!moved.move.empty() && type != AnnouncementType::PawnTries &&
            type != AnnouncementType::Promotion)
            continue;
        auto s = sentence(w, view, view.heard[i], g.side);
        if (!s) return core::unexpected(s.error());
        notes += (notes.empty() ? "" : " ") + *s;
    }
    if (!notes.empty()) text += " (" + notes + ")";
    return text;
}

// What render_move_entry reads: the words, the player, the mover and heard[g.moved, g.end).
struct MoveEntryInputs {
    std::uint64_t words = 0;  // TemplateSet::identity
    Color player = Color::White;
    Color side = Color::White;
    std::vector<Announcement> heard;
};

bool same_inputs(const MoveEntryInputs& m, const TemplateSet& w, const PlayerView& view,
                 const PlyGroup& g) {
    return m.words == w.identity() && m.player == view.player && m.side == g.side &&
           std::equal(m.heard.begin(), m.heard.end(), view.heard.begin() + g.moved,
                      view.heard.begin() + g.end);
}

// A hash of those inputs (FNV-1a over every field, each ended by a byte no text holds), for
// finding an entry; the entry's inputs are compared in full before it is used.
std::uint64_t move_entry_hash(const TemplateSet& w, const PlayerView& view, const PlyGroup& g) {
    std::uint64_t h = 1469598103934665603ULL;
    const auto byte = [&h](unsigned char c) {
        h ^= c;
        h *= 1099511628211ULL;
    };
    const auto text = [&](const std::string& s) {
        for (const char c : s) byte(static_cast<unsigned char>(c));
        byte(0xFF);
    };
    for (int i = 0; i < 8; ++i) byte(static_cast<unsigned char>(w.identity() >> (8 * i)));
    byte(view.player == Color::White ? 'w' : 'b');
    byte(g.side == Color::White ? 'w' : 'b');
    for (std::size_t i = g.moved; i < g.end; ++i) {
        const Announcement& a = view.heard[i];
        byte(static_cast<unsigned char>(a.type));
        text(a.move);
        text(a.piece);
        text(a.square);
        text(a.direction);
        text(a.answer);
    }
    return h;
}

// The move list's entries already rendered, per thread: a mail at ply 300 lists 300 moves, each
// entry a sentence or two of the words rendered again for every mail (README "Benchmarks", the
// serve row). An entry is used only when every input of render_move_entry is equal to the one
// it was rendered from; all are forgotten past MaxMoveEntries (a few MB).
constexpr std::size_t MaxMoveEntries = 20000;

core::Result<std::string, ComposeError> move_entry(const TemplateSet& w, const PlayerView& view,
                                                   const PlyGroup& g) {
    struct Entry {
        MoveEntryInputs inputs;
        std::string text;
    };
    thread_local std::unordered_map<std::uint64_t, Entry> memo;
    const std::uint64_t key = move_entry_hash(w, view, g);
    if (const auto it = memo.find(key);
        it != memo.end() && same_inputs(it->second.inputs, w, view, g))
        return it->second.text;
    auto text = render_move_entry(w, view, g);
    if (!text) return text;
    if (memo.size() >= MaxMoveEntries) memo.clear();
    Entry& e = memo[key];
    e.inputs = MoveEntryInputs{w.identity(),
                               view.player,
                               g.side,
                               {view.heard.begin() + g.moved, view.heard.begin() + g.end}};
    e.text = *text;
    return text;
}

// One game's list for one side, as its last mail made it: the rows that can no longer change.
struct KeptList {
    Color player = Color::White;
    std::uint64_t words = 0;  // TemplateSet::identity
    // The first row's number and side (ply_groups counts them back from the game's end).
    int first_number = 0;
    Color first_side = Color::White;
    // heard[0, b] of the view the rows were made from, b the first announcement of the row
    // after them (which ends their last group), and how many groups (ply_groups) they hold.
    std::vector<Announcement> heard;
    // The log (referee::Heard::log_id) of the last view found to begin with `heard`: a view on
    // that log with at least as many entries begins with them too (heard.hpp, THE CONTRACT).
    std::uint64_t log = 0;
    std::size_t groups = 0;
    std::shared_ptr<GrowingList> rows = std::make_shared<GrowingList>();
    WrappedJoin text{0};  // the rows' units joined (its width set on making)
    std::uint64_t used = 0;
};

KeptPerGame<KeptList, MaxKeptMoveLists>& kept() {
    thread_local KeptPerGame<KeptList, MaxKeptMoveLists> k;
    return k;
}

// The kept list of `game` and `player`, or a new empty one (the least recently used one
// goes when MaxKeptMoveLists are kept).
KeptList& kept_list(core::GameId game, Color player) {
    KeptList& l = kept().at(game, player);
    l.player = player;
    return l;
}

// Whether `l` holds rows made from exactly this view's inputs (move_list.hpp, THE CONTRACT).
// The announcements are compared in full only when the view reads another log than the one
// last found equal; on that log, the entries added since are all that is new (heard.hpp).
bool still_true(KeptList& l, const TemplateSet& w, const PlayerView& view,
                const std::vector<PlyGroup>& groups) {
    if (l.heard.empty() || l.words != w.identity() || l.player != view.player) return false;
    if (groups.empty() || groups[0].number != l.first_number || groups[0].side != l.first_side)
        return false;
    if (l.heard.size() > view.heard.size()) return false;
    if (l.log != 0 && view.heard.log_id() == l.log) return true;
    if (!std::equal(l.heard.begin(), l.heard.end(), view.heard.begin())) return false;
    l.log = view.heard.log_id();
    return true;
}

}  // namespace

core::Result<void, ComposeError> fill_move_list(const TemplateSet& w, const PlayerView& view,
                                                const std::vector<PlyGroup>& groups,
                                                std::optional<core::GameId> game, std::size_t width,
                                                Context& c) {
    KeptList fresh;
    KeptList& l = game ? kept_list(*game, view.player) : fresh;
    if (!still_true(l, w, view, groups)) {
        l.log = view.heard.log_id();
        l.words = w.identity();
        l.first_number = groups.empty() ? 0 : groups[0].number;
        l.first_side = groups.empty() ? Color::White : groups[0].side;
        l.heard.clear();
        l.groups = 0;
        l.rows = std::make_shared<GrowingList>();  // a Context may still hold the old one
        l.text = WrappedJoin(width);
    }

    // The rows after the kept ones; the kept ones end with a full row, so the next group
    // begins a row.
    std::vector<Context> rows;
    std::vector<std::string> units;
    std::vector<std::size_t> row_group;  // each new row's first group
    std::size_t count = l.rows->items().size();
    for (std::size_t k = l.groups; k < groups.size(); ++k) {
        const PlyGroup& g = groups[k];
        if (g.moved == g.end) continue;
        auto entry = move_entry(w, view, g);
        if (!entry) return core::unexpected(entry.error());
        const std::string& text = *entry;
        if (g.side == Color::White || count + rows.size() == 0) {
            units.push_back(std::to_string(g.number) + (g.side == Color::White ? ". " : "... ") +
                            text);
            Context row;
            row.set("number", std::to_string(g.number));
            row.set("white", g.side == Color::White ? text : "...");
            row.set("black", g.side == Color::White ? "" : text);
            rows.push_back(std::move(row));
            row_group.push_back(k);
        } else {
            units.back() += " " + text;
            rows.back().set("black", text);
        }
    }

    // Every new row but the last can no longer change: kept for the next mail.
    for (std::size_t i = 0; i + 1 < rows.size(); ++i) {
        l.rows->push_back(std::move(rows[i]));
        l.text.add(units[i]);
    }
    if (!rows.empty()) {
        const std::size_t next = row_group.back();
        l.groups = next;
        // Still a prefix of view.heard (still_true): only what is new is copied.
        const std::size_t upto = groups[next].begin + 1;
        if (l.heard.size() > upto) l.heard.resize(upto);
        l.heard.insert(l.heard.end(), view.heard.begin() + l.heard.size(),
                       view.heard.begin() + upto);
        rows.erase(rows.begin(), rows.end() - 1);
        units.erase(units.begin(), units.end() - 1);
    }
    count = l.rows->items().size();
    WrappedJoin all = l.text;
    for (const std::string& u : units) all.add(u);
    c.flag("has_moves", count + rows.size() > 0);
    c.growing["move_rows"] = GrowingHead{l.rows, count};
    c.lists["move_rows"] = std::move(rows);
    c.set("moves_text", all.text());
    return {};
}

std::size_t kept_move_lists() { return kept().size(); }

void forget_move_lists() { kept().clear(); }

}  // namespace ck::compose
