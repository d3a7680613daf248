#pragma once
// The templates/ folder, loaded at run time (docs/mail-protocol.md: "All wording lives in
// templates/, one file per kind of mail, so a club can change it without rebuilding"). Every
// `*.txt` and `*.html` file is a template (the mail kinds plus partials such as board.txt); `words`
// holds the announcement sentences, one `key = text` a line (`#` starts a comment line), each
// itself a template rendered as plain text.
#include <cstdint>
#include <filesystem>
#include <map>
#include <string>
#include <vector>

#include "compose/template_engine.hpp"
#include "core/result.hpp"

namespace ck::compose {

class TemplateSet {
public:
    // Loads `dir`; every name in `required` must exist as both `<name>.txt` and `<name>.html`.
    static core::Result<TemplateSet, ComposeError> load(const std::filesystem::path& dir,
                                                        const std::vector<std::string>& required);
    // From memory (tests): file name -> content, "words" for the words file.
    static core::Result<TemplateSet, ComposeError> from_files(
        const std::string& dir_label, const std::map<std::string, std::string>& files,
        const std::vector<std::string>& required);

    // Renders `<name>.txt` or `<name>.html`; `runs` as Template::render.
    core::Result<std::string, ComposeError> render(const std::string& name, bool html,
                                                   const Context& data,
                                                   std::vector<KeptRun>* runs = nullptr) const;
    // The sentence `key` of the words file, rendered with `data`, as plain text.
    core::Result<std::string, ComposeError> word(const std::string& key,
                                                 const Context& data = {}) const;

    // A number no other set loaded by this process has (a copy shares it): the key of
    // what is remembered of this set's renderings (view_model.cpp, the move list's entries).
    std::uint64_t identity() const { return identity_; }

private:
    std::uint64_t identity_ = 0;
    std::string dir_label_;
    std::map<std::string, Template> text_, html_, words_;
};

}  // namespace ck::compose
