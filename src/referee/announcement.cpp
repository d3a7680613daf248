#include "referee/announcement.hpp"

namespace ck::referee {

std::string_view announcement_type_name(AnnouncementType t) {
    switch (t) {
        case AnnouncementType::Moved:
            return "moved";
        case AnnouncementType::Illegal:
            return "illegal";
        case AnnouncementType::Any:
            return "any";
        case AnnouncementType::Capture:
            return "capture";
        case AnnouncementType::Drop:
            return "drop";
        case AnnouncementType::Check:
            return "check";
        case AnnouncementType::GameOver:
            return "game-over";
        case AnnouncementType::PawnTries:
            return "pawn-tries";
        case AnnouncementType::Promotion:
            return "promotion";
    }
    return "moved";
}

bool follows_move(AnnouncementType t) {
    return t == AnnouncementType::Capture || t == AnnouncementType::Drop ||
           t == AnnouncementType::Promotion || t == AnnouncementType::Check ||
           t == AnnouncementType::PawnTries || t == AnnouncementType::GameOver;
}

}  // namespace ck::referee
