// The page shell (html_page.hpp).
#include "site/html_page.hpp"

#include "core/crypto.hpp"

namespace ck::site {
namespace {

constexpr const char* Css =
    R"(body{font-family:system-ui,sans-serif;margin:0 auto;max-width:52em;padding:.5em 1em;line-height:1.4;color:#222}
nav a{margin-right:1em}table{border-collapse:collapse;margin:.5em 0}td,th{padding:.15em .5em;text-align:left;border-bottom:1px solid #ddd}
th{background:#f3f3f3}.num{text-align:right}.wrap{overflow-x:auto}
.board{border:2px solid #444;border-collapse:collapse}.board td{width:2.2em;height:2.2em;padding:0;text-align:center;font-size:1.6em;border:0;line-height:1}
.board td.l{background:#eed8b0}.board td.d{background:#b58863}.pocket{font-size:1.4em;min-height:1.4em}
.controls button{font-size:1.1em;min-width:2.6em;margin:.2em}.moves span.cur{background:#ffe08a}
.moves span{cursor:pointer;padding:0 .15em}@media(max-width:30em){.board td{width:11vw;height:11vw;font-size:8vw}}
svg{max-width:100%;height:auto}small{color:#666})";

// The replay board: the positions come as FENs in <script type="application/json"
// id="plies">; buttons and the arrow keys (Home/End too) step through them. Pockets are the
// FEN's [..] part; "~" (promoted) is dropped for display.
constexpr const char* ReplayScript = R"JS((function(){
var data=JSON.parse(document.getElementById('plies').textContent);var at=data.length-1;
var G={K:'\u2654',Q:'\u2655',R:'\u2656',B:'\u2657',N:'\u2658',P:'\u2659',k:'\u265a',q:'\u265b',r:'\u265c',b:'\u265d',n:'\u265e',p:'\u265f'};
function show(i){at=Math.max(0,Math.min(data.length-1,i));var fen=data[at].fen;var sp=fen.indexOf(' ');var place=fen.substring(0,sp);
var pocket='';var lb=place.indexOf('[');if(lb>=0){pocket=place.substring(lb+1,place.indexOf(']'));place=place.substring(0,lb);}
place=place.replace(/~/g,'');var rows=place.split('/');var b=document.getElementById('board');var h='';
for(var r=0;r<8;r++){h+='<tr>';var f=0;var row=rows[r]||'';for(var j=0;j<row.length;j++){var c=row[j];
if(c>='1'&&c<='9'){for(var k=0;k<+c;k++){h+=cell(r,f,'');f++;}}else{h+=cell(r,f,c);f++;}}h+='</tr>';}
b.innerHTML=h;var w='',bl='';for(var j=0;j<pocket.length;j++){var c=pocket[j];if(c===c.toUpperCase())w+=G[c];else bl+=G[c];}
document.getElementById('wpocket').textContent=w;document.getElementById('bpocket').textContent=bl;
document.getElementById('ply').textContent=at===0?'Start':data[at].label;document.getElementById('fen').textContent=fen;
var ms=document.querySelectorAll('.moves span');for(var j=0;j<ms.length;j++)ms[j].className=(+ms[j].getAttribute('data-ply')===at)?'cur':'';}
function cell(r,f,c){return '<td class="'+((r+f)%2?'d':'l')+'" data-square="'+'abcdefgh'[f]+(8-r)+'" data-piece="'+c+'">'+(c?G[c]:'')+'</td>';}
document.getElementById('first').onclick=function(){show(0);};document.getElementById('prev').onclick=function(){show(at-1);};
document.getElementById('next').onclick=function(){show(at+1);};document.getElementById('last').onclick=function(){show(data.length-1);};
document.addEventListener('keydown',function(e){if(e.key==='ArrowLeft')show(at-1);else if(e.key==='ArrowRight')show(at+1);
else if(e.key==='Home')show(0);else if(e.key==='End')show(data.length-1);else return;e.preventDefault();});
var ms=document.querySelectorAll('.moves span');for(var j=0;j<ms.length;j++)ms[j].onclick=function(){show(+this.getAttribute('data-ply'));};
show(at);})();)JS";

}  // namespace

std::string page(const std::string& title, const std::string& root, const std::string& body,
                 bool with_replay_script) {
    std::string out =
        "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>" +
        html_escape(title) + "</title>\n<style>\n" + Css +
        "\n</style>\n</head>\n<body>\n<nav><a href=\"" + root + "index.html\">Club</a><a href=\"" +
        root + "ratings.html\">Ratings</a></nav>\n<h1>" + html_escape(title) + "</h1>\n" + body;
    if (with_replay_script) out += "<script>\n" + std::string(ReplayScript) + "\n</script>\n";
    out += "</body>\n</html>\n";
    return out;
}

std::string player_slug(const std::string& address) {
    std::string lower;
    for (char c : address) lower += static_cast<char>(c >= 'A' && c <= 'Z' ? c - 'A' + 'a' : c);
    return "p-" + core::sha256_hex(lower).substr(0, 12);
}

}  // namespace ck::site
