// referee::Game::commitment: the fairness receipt of the true position (game.hpp).
#include "core/crypto.hpp"
#include "referee/game.hpp"

namespace ck::referee {

std::string Game::commitment(std::string_view salt, int ply) const {
    core::Sha256 h;
    h.update("crazykrieg-commit-v1\n");
    h.update(salt);
    h.update("\n" + std::to_string(ply) + "\n");
    h.update(position_.fen());
    std::string hex = core::to_hex(h.digest());
    for (char& c : hex)  // upper case: no run of a receipt reads as a square ("a5")
        if (c >= 'a' && c <= 'f') c = static_cast<char>(c - 'a' + 'A');
    return hex;
}

}  // namespace ck::referee
