// A game's conditional moves in the store (conditional_book.hpp).
#include "league/conditional_book.hpp"

#include <system_error>

namespace ck::league {

const char* ConditionalBook::file_name(rules::Color c) {
    return c == rules::Color::White ? "white.conditionals" : "black.conditionals";
}

core::Result<ConditionalBook, core::Error> ConditionalBook::load(const store::Store& store,
                                                                 store::GameId id, bool hidden,
                                                                 const store::Transaction* staged) {
    std::array<bool, 2> absent{};
    return load(store, id, hidden, staged, absent);
}

core::Result<ConditionalBook, core::Error> ConditionalBook::load(const store::Store& store,
                                                                 store::GameId id, bool hidden,
                                                                 const store::Transaction* staged,
                                                                 std::array<bool, 2>& absent) {
    ConditionalBook book;
    for (rules::Color c : {rules::Color::White, rules::Color::Black}) {
        const int i = static_cast<int>(c);
        const std::string name = file_name(c);
        const std::string where = "game " + to_string(id) + ": " + name;
        std::optional<std::string> text;
        if (staged)
            for (const store::FileWrite& f : staged->files())
                if (f.game == id && f.name == name) text = f.bytes;  // the last write wins
        if (!text && absent[i]) {
            book.trees_[i].hidden = hidden;
            continue;
        }
        if (!text) {
            auto bytes = store.read_game_file(id, name);
            if (!bytes) {
                if (bytes.error().code == std::errc::no_such_file_or_directory) {
                    book.trees_[i].hidden = hidden;
                    absent[i] = true;
                    continue;
                }
                return core::unexpected(
                    core::from_io(bytes.error(), where + ": " + bytes.error().describe()));
            }
            text = std::move(*bytes);
        }
        auto tree = referee::deserialise(*text);
        if (!tree) return core::unexpected(core::corrupt_error(where + ": " + tree.error().detail));
        book.trees_[i] = std::move(*tree);
    }
    return book;
}

void ConditionalBook::set(rules::Color c, referee::ConditionalTree tree) {
    trees_[static_cast<int>(c)] = std::move(tree);
    changed_[static_cast<int>(c)] = true;
}

void ConditionalBook::clear(rules::Color c) {
    referee::ConditionalTree& t = trees_[static_cast<int>(c)];
    if (t.empty()) return;
    t.branches.clear();
    changed_[static_cast<int>(c)] = true;
}

void ConditionalBook::save(store::Transaction& tx, store::GameId id) const {
    std::array<bool, 2> absent{};
    save(tx, id, absent);
}

void ConditionalBook::save(store::Transaction& tx, store::GameId id,
                           std::array<bool, 2>& absent) const {
    for (rules::Color c : {rules::Color::White, rules::Color::Black})
        if (changed_[static_cast<int>(c)]) {
            absent[static_cast<int>(c)] = false;
            tx.write_game_file(id, file_name(c), referee::serialise(tree(c)));
        }
}

core::Result<void, core::Error> clear_conditionals(const store::Store& store,
                                                   store::Transaction& tx, store::GameId id,
                                                   bool hidden) {
    auto book = ConditionalBook::load(store, id, hidden, &tx);
    if (!book) return core::unexpected(book.error());
    book->clear(rules::Color::White);
    book->clear(rules::Color::Black);
    book->save(tx, id);
    return {};
}

}  // namespace ck::league
