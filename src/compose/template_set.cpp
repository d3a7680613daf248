#include "compose/template_set.hpp"

#include <atomic>
#include <fstream>
#include <sstream>
#include <system_error>

#include "core/text.hpp"

namespace ck::compose {
namespace {

bool ends_with(const std::string& s, const std::string& suffix) {
    return s.size() >= suffix.size() &&
           s.compare(s.size() - suffix.size(), suffix.size(), suffix) == 0;
}

}  // namespace

core::Result<TemplateSet, ComposeError> TemplateSet::load(
    const std::filesystem::path& dir, const std::vector<std::string>& required) {
    std::map<std::string, std::string> files;
    std::error_code ec;
    std::filesystem::directory_iterator it(dir, ec);
    if (ec)
        return core::unexpected(
            ComposeError{"cannot read template folder " + dir.string() + ": " + ec.message()});
    for (; it != std::filesystem::directory_iterator(); it.increment(ec)) {
        if (ec) return core::unexpected(ComposeError{dir.string() + ": " + ec.message()});
        const std::string name = it->path().filename().string();
        if (!(ends_with(name, ".txt") || ends_with(name, ".html") || name == "words")) continue;
        std::ifstream in(it->path(), std::ios::binary);
        std::ostringstream buf;
        buf << in.rdbuf();
        if (!in.good() && !in.eof())
            return core::unexpected(ComposeError{"cannot read " + it->path().string()});
        files[name] = buf.str();
    }
    return from_files(dir.string(), files, required);
}

core::Result<TemplateSet, ComposeError> TemplateSet::from_files(
    const std::string& dir_label, const std::map<std::string, std::string>& files,
    const std::vector<std::string>& required) {
    static std::atomic<std::uint64_t> loaded{0};
    TemplateSet set;
    set.identity_ = ++loaded;
    set.dir_label_ = dir_label;
    const std::string prefix = dir_label.empty() ? "" : dir_label + "/";
    for (const auto& [name, content] : files) {
        if (name == "words") {
            std::istringstream in(content);
            std::string line;
            int n = 0;
            while (std::getline(in, line)) {
                ++n;
                std::string t = core::trim_ascii(line);
                if (t.empty() || t[0] == '#') continue;
                std::size_t eq = t.find('=');
                if (eq == std::string::npos)
                    return core::unexpected(ComposeError{prefix + "words:" + std::to_string(n) +
                                                         ": expected `key = text`"});
                std::string key = core::trim_ascii(t.substr(0, eq));
                auto tpl = Template::parse(prefix + "words:" + key,
                                           core::trim_ascii(t.substr(eq + 1)), Escape::None);
                if (!tpl) return core::unexpected(tpl.error());
                set.words_.insert_or_assign(key, std::move(*tpl));
            }
            continue;
        }
        bool html = ends_with(name, ".html");
        std::string stem = name.substr(0, name.size() - (html ? 5 : 4));
        auto tpl = Template::parse(prefix + name, content, html ? Escape::Html : Escape::None);
        if (!tpl) return core::unexpected(tpl.error());
        (html ? set.html_ : set.text_).insert_or_assign(stem, std::move(*tpl));
    }
    for (const std::string& r : required) {
        if (!set.text_.count(r))
            return core::unexpected(ComposeError{"missing template " + prefix + r + ".txt"});
        if (!set.html_.count(r))
            return core::unexpected(ComposeError{"missing template " + prefix + r + ".html"});
    }
    if (set.words_.empty() && !required.empty())
        return core::unexpected(ComposeError{"missing template " + prefix + "words"});
    return set;
}

core::Result<std::string, ComposeError> TemplateSet::render(const std::string& name, bool html,
                                                            const Context& data,
                                                            std::vector<KeptRun>* runs) const {
    // Built here, not at load time, so a moved TemplateSet never holds stale pointers.
    PartialLookup partials;
    for (const auto& [stem, tpl] : html ? html_ : text_) partials[stem] = &tpl;
    const auto& map = html ? html_ : text_;
    auto it = map.find(name);
    if (it == map.end()) {
        const std::string prefix = dir_label_.empty() ? "" : dir_label_ + "/";
        return core::unexpected(
            ComposeError{"missing template " + prefix + name + (html ? ".html" : ".txt")});
    }
    return it->second.render(data, partials, runs);
}

core::Result<std::string, ComposeError> TemplateSet::word(const std::string& key,
                                                          const Context& data) const {
    auto it = words_.find(key);
    if (it == words_.end()) {
        const std::string prefix = dir_label_.empty() ? "" : dir_label_ + "/";
        return core::unexpected(ComposeError{prefix + "words: no entry `" + key + "`"});
    }
    return it->second.render(data);
}

}  // namespace ck::compose
