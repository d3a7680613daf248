#include <catch2/catch.hpp>
#include "mail/message.hpp"
TEST_CASE("smoke") { CHECK(ck::mail::parse_message("From: a@b\n\nhi\n").has_value()); }
