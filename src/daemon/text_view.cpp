// A player's view setting as compose's TextView (text_view.hpp).
#include "daemon/text_view.hpp"

namespace ck::daemon {

compose::TextView text_view(const league::PlayerSettings& s) {
    switch (s.view) {
        case league::ViewMode::Board:
            return compose::TextView::Board;
        case league::ViewMode::List:
            return compose::TextView::List;
        case league::ViewMode::Both:
            return compose::TextView::Both;
    }
    return compose::TextView::Board;
}

}  // namespace ck::daemon
