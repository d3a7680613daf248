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
    }
    return "moved";
}

}  // namespace ck::referee
