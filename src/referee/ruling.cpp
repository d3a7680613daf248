#include "referee/ruling.hpp"

namespace ck::referee {

std::string_view answer_word(Answer a) {
    switch (a) {
        case Answer::Legal:
            return "legal";
        case Answer::No:
            return "no";
        case Answer::Impossible:
            return "impossible";
        case Answer::Illegal:
            return "illegal";
        case Answer::Try:
            return "try";
        case Answer::Error:
            return "error";
    }
    return "error";
}

}  // namespace ck::referee
