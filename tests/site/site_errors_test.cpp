// The site writer's errors keep their kind (site/site.hpp, core/error.hpp): a folder or page
// the disk refuses has the kind of its I/O failure (Transient: it may be mended), a rating pool
// record that does not decode is Corrupt; the texts are the ones `site` and `serve` print.
#include <unistd.h>

#include <catch2/catch.hpp>
#include <chrono>
#include <filesystem>
#include <string>

#include "../daemon/daemon_fixture.hpp"
#include "core/atomic_file.hpp"
#include "league/players.hpp"
#include "league/ratings.hpp"
#include "site/site.hpp"
#include "store/transaction.hpp"

namespace {

namespace fs = std::filesystem;
using ck::core::ErrorKind;

// A club with one game, and a site folder of its own.
class ErrorClub : public ck::daemon::test::DaemonFixture {
public:
    ErrorClub()
        : DaemonFixture("site-errors"),
          site_(fs::temp_directory_path() / ("ck-site-error-pages-" + std::to_string(::getpid()))) {
        add_player("Ada White", "ada@example.org");
        add_player("Bob Black", "bob@example.net");
        ck::daemon::NewGame g;
        g.variant = "chess";
        g.white = "ada@example.org";
        g.black = "bob@example.net";
        REQUIRE(daemon().new_game(g, clock()));
        fs::remove_all(site_);
    }
    ~ErrorClub() {
        std::error_code ec;
        fs::remove_all(site_, ec);
    }
    const fs::path& site() const { return site_; }
    ck::core::Result<ck::site::SiteReport, ck::core::Error> write(
        ck::site::SiteCache* cache = nullptr) {
        auto players = ck::league::Players::load(daemon().store());
        REQUIRE(players);
        return ck::site::write_site(daemon().store(), *players, daemon().templates().set(), site_,
                                    cache);
    }

private:
    fs::path site_;
};

}  // namespace

TEST_CASE("site: a folder or page the disk refuses is Transient", "[site][errors]") {
    ErrorClub club;
    REQUIRE(club.write());
    // games/ is a file: the game's page has no folder to go to.
    fs::remove_all(club.site() / "games");
    REQUIRE(ck::core::write_file_atomic(club.site() / "games", "not a folder\n"));
    auto blocked = club.write();
    REQUIRE_FALSE(blocked);
    CHECK(blocked.error().kind == ErrorKind::Transient);
    CHECK(blocked.error().detail.rfind((club.site() / "games").string() + ": ", 0) == 0);
    fs::remove(club.site() / "games");

    // index.html is a folder: the page cannot be renamed into place.
    fs::remove(club.site() / "index.html");
    fs::create_directories(club.site() / "index.html" / "x");
    auto refused = club.write();
    REQUIRE_FALSE(refused);
    CHECK(refused.error().kind == ErrorKind::Transient);
    CHECK(refused.error().detail.rfind((club.site() / "index.html").string() + ": ", 0) == 0);
}

TEST_CASE("site: a rating pool record that does not decode is Corrupt", "[site][errors]") {
    ErrorClub club;
    ck::store::Transaction tx(club.clock().now());
    tx.put_record(ck::league::RatingPoolCodec::ns, "chess", "ck-ratings 1\nno such line\n");
    REQUIRE(club.daemon().store().commit(tx));
    auto corrupt = club.write();
    REQUIRE_FALSE(corrupt);
    CHECK(corrupt.error().kind == ErrorKind::Corrupt);
    CHECK(corrupt.error().detail.rfind("store record ratings/chess: ", 0) == 0);
}
