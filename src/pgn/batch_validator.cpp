// Multi-threaded, order-preserving validation of a stream (contract in batch_validator.hpp).
#include "pgn/batch_validator.hpp"

#include <condition_variable>
#include <deque>
#include <map>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "pgn/reader.hpp"

namespace ck::pgn {
namespace {

// Several games' raw text, copied out of the splitter's buffer.
struct Batch {
    std::uint64_t seq = 0;
    std::string text;
    struct Game {
        std::size_t offset, size;
        int first_line;
    };
    std::vector<Game> games;
};

// A batch's verdicts, each with the index of its game in Batch::games (a text holding no game
// gets no verdict), and the batch itself for the games' text.
struct Checked {
    Batch batch;
    std::vector<std::pair<GameVerdict, std::size_t>> verdicts;
};

constexpr std::size_t BatchBytes = 64 * 1024;
constexpr std::size_t BatchGames = 128;

class Pipeline {
public:
    Pipeline(std::istream& in, const BatchOptions& options) : in_(in), options_(options) {
        max_in_flight_ = static_cast<std::uint64_t>(options.jobs) * 4;
    }

    BatchStats run(const GameCallback& on_game) {
        std::thread reader([this] { read(); });
        std::vector<std::thread> workers;
        for (int i = 0; i < options_.jobs; ++i) workers.emplace_back([this] { work(); });
        BatchStats stats;
        int game = 0;
        for (std::uint64_t next = 0;; ++next) {
            Checked checked;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                done_cv_.wait(lock, [&] {
                    return results_.count(next) || (reading_done_ && next == batches_read_);
                });
                auto it = results_.find(next);
                if (it == results_.end()) break;
                checked = std::move(it->second);
                results_.erase(it);
                --in_flight_;
            }
            space_cv_.notify_one();
            std::string_view all(checked.batch.text);
            for (const auto& [v, index] : checked.verdicts) {
                ++stats.games;
                ++(v.valid ? stats.valid : stats.invalid);
                const auto& g = checked.batch.games[index];
                on_game(++game, v, all.substr(g.offset, g.size));
            }
        }
        {
            std::lock_guard<std::mutex> lock(mutex_);
            stop_ = true;
        }
        work_cv_.notify_all();
        reader.join();
        for (auto& w : workers) w.join();
        stats.read_error = read_error_;
        return stats;
    }

private:
    void read() {
        GameSplitter splitter(in_, GameSplitter::DefaultChunk, options_.first_line);
        Batch batch;
        std::uint64_t seq = 0;
        auto flush = [&] {
            if (batch.games.empty()) return;
            batch.seq = seq++;
            std::unique_lock<std::mutex> lock(mutex_);
            space_cv_.wait(lock, [&] { return in_flight_ < max_in_flight_; });
            ++in_flight_;
            ++batches_read_;
            work_.push_back(std::move(batch));
            lock.unlock();
            work_cv_.notify_one();
            batch = Batch{};
        };
        while (auto g = splitter.next()) {
            batch.games.push_back({batch.text.size(), g->text.size(), g->first_line});
            batch.text.append(g->text);
            if (batch.text.size() >= BatchBytes || batch.games.size() >= BatchGames) flush();
        }
        flush();
        std::lock_guard<std::mutex> lock(mutex_);
        read_error_ = splitter.read_error();
        reading_done_ = true;
        done_cv_.notify_all();
    }

    void work() {
        for (;;) {
            Batch batch;
            {
                std::unique_lock<std::mutex> lock(mutex_);
                work_cv_.wait(lock, [&] { return stop_ || !work_.empty(); });
                if (work_.empty()) return;
                batch = std::move(work_.front());
                work_.pop_front();
            }
            Checked checked;
            checked.verdicts.reserve(batch.games.size());
            std::string_view all(batch.text);
            for (std::size_t i = 0; i < batch.games.size(); ++i) {
                const auto& g = batch.games[i];
                if (auto v = validate_game(all.substr(g.offset, g.size), g.first_line,
                                           options_.validate))
                    checked.verdicts.emplace_back(std::move(*v), i);
            }
            std::uint64_t seq = batch.seq;
            checked.batch = std::move(batch);
            {
                std::lock_guard<std::mutex> lock(mutex_);
                results_[seq] = std::move(checked);
            }
            done_cv_.notify_all();
        }
    }

    std::istream& in_;
    const BatchOptions& options_;
    std::mutex mutex_;
    std::condition_variable work_cv_, done_cv_, space_cv_;
    std::deque<Batch> work_;
    std::map<std::uint64_t, Checked> results_;
    std::uint64_t in_flight_ = 0, max_in_flight_ = 8, batches_read_ = 0;
    bool reading_done_ = false, stop_ = false, read_error_ = false;
};

}  // namespace

BatchStats validate_stream(std::istream& in, const BatchOptions& options,
                           const GameCallback& on_game) {
    if (options.jobs > 1) return Pipeline(in, options).run(on_game);
    BatchStats stats;
    GameSplitter splitter(in, GameSplitter::DefaultChunk, options.first_line);
    int game = 0;
    while (auto g = splitter.next()) {
        auto v = validate_game(g->text, g->first_line, options.validate);
        if (!v) continue;
        ++stats.games;
        ++(v->valid ? stats.valid : stats.invalid);
        on_game(++game, *v, g->text);
    }
    stats.read_error = splitter.read_error();
    return stats;
}

}  // namespace ck::pgn
