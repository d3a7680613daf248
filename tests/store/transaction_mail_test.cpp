// Transaction::queue_outgoing / merge_outgoing (store/transaction.hpp): unrendered mails keep
// their place among the queued ones, and the mails to one address merge into one.
#include <catch2/catch.hpp>
#include <string>
#include <vector>

#include "store/transaction.hpp"

using ck::mail::OutgoingMail;
using ck::store::SpooledMail;
using ck::store::Transaction;

namespace {

OutgoingMail mail(const std::string& subject) {
    OutgoingMail m;
    m.from = {"Referee", "referee@club.test"};
    m.to = {{"", "x@club.test"}};
    m.subject = subject;
    m.text_body = subject + "\n";
    return m;
}

// The merge the daemon uses is compose::merge_replies; here: subjects joined.
OutgoingMail join(std::vector<OutgoingMail> parts) {
    OutgoingMail out = parts.front();
    for (std::size_t i = 1; i < parts.size(); ++i) out.subject += "+" + parts[i].subject;
    return out;
}

bool has(const std::string& s, const std::string& part) {
    return s.find(part) != std::string::npos;
}

}  // namespace

TEST_CASE("transaction: unrendered mails render in their place; merge_outgoing joins one address's",
          "[store][transaction]") {
    Transaction tx(ck::core::TimePoint{});
    tx.queue_outgoing("referee@club.test", "ada@x.test", mail("A1"));
    tx.queue_mail(SpooledMail{"referee@club.test", {"bob@x.test"}, "raw bob\r\n"});
    tx.queue_outgoing("referee@club.test", "bob@x.test", mail("B1"));
    tx.queue_outgoing("referee@club.test", "ada@x.test", mail("A2"));
    tx.queue_outgoing("referee@club.test", "ada@x.test", mail("A3"));
    REQUIRE(tx.mails().size() == 5);
    CHECK(tx.first_outgoing_to("ada@x.test")->subject == "A1");
    CHECK(tx.first_outgoing_to("cy@x.test") == nullptr);

    tx.merge_outgoing("ada@x.test", join);
    const auto mails = tx.mails();
    REQUIRE(mails.size() == 3);
    CHECK(mails[0].recipients == std::vector<std::string>{"ada@x.test"});
    CHECK(has(mails[0].raw_message, "Subject: A1+A2+A3"));
    CHECK(mails[1].raw_message == "raw bob\r\n");
    CHECK(has(mails[2].raw_message, "Subject: B1"));
    // Nothing to merge: nothing changes (and nothing is lost).
    tx.merge_outgoing("cy@x.test", join);
    tx.merge_outgoing("bob@x.test", join);
    CHECK(tx.mails().size() == 3);
    CHECK(validate(tx));
}
