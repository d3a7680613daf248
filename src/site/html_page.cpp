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
.board td.last{box-shadow:inset 0 0 0 3px #1a5fb4}.board th{background:none;border:0;padding:0 .3em;text-align:center;font-size:.85em;color:#444}
.board caption{text-align:left;font-size:.9em;color:#444;padding-bottom:.2em}.board tr:last-child td{height:auto}
.controls button{font-size:1.1em;min-width:2.6em;margin:.2em}.moves span.cur{background:#ffe08a}
.moves span{cursor:pointer;padding:0 .15em}.moves{max-height:16em;overflow-y:auto}@media(max-width:30em){.board td{width:10vw;height:10vw;font-size:7.5vw}}
svg{max-width:100%;height:auto}small{color:#666})";

// The replay board: the positions come as FENs (with each move's squares) in <script
// type="application/json" id="plies">; buttons and the arrow keys (Home/End too) step through
// them. The board is a table with a caption, the ranks as row headers and the files as column
// headers; each square says its piece in words (aria-label); the last move's squares are outlined
// and named in words under the board (#position, read out when it changes), with the pockets in
// words. Pockets are the FEN's [..] part; "~" marks a promoted piece.
constexpr const char* ReplayScript = R"JS((function(){
var data=JSON.parse(document.getElementById('plies').textContent);var at=data.length-1;
var G={K:'\u2654',Q:'\u2655',R:'\u2656',B:'\u2657',N:'\u2658',P:'\u2659',k:'\u265a',q:'\u265b',r:'\u265c',b:'\u265d',n:'\u265e',p:'\u265f'};
var W={K:'king',Q:'queen',R:'rook',B:'bishop',N:'knight',P:'pawn'};
function white(c){return c===c.toUpperCase();}
function named(c){return (white(c)?'White ':'Black ')+W[c.toUpperCase()];}
function inHand(s){var n={},out=[];for(var j=0;j<s.length;j++)n[s[j].toUpperCase()]=(n[s[j].toUpperCase()]||0)+1;
['Q','R','B','N','P'].forEach(function(t){if(n[t])out.push(n[t]>1?n[t]+' '+W[t]+'s':W[t]);});return out.length?out.join(', '):'nothing';}
function show(i){at=Math.max(0,Math.min(data.length-1,i));var d=data[at];var fen=d.fen;var sp=fen.indexOf(' ');var place=fen.substring(0,sp);
var pocket=null;var lb=place.indexOf('[');if(lb>=0){pocket=place.substring(lb+1,place.indexOf(']'));place=place.substring(0,lb);}
var rows=place.split('/');var b=document.getElementById('board');
var h='<caption>'+(at===0?'The start position':'The position after '+d.label)+', White at the bottom</caption>';
for(var r=0;r<8;r++){h+='<tr><th scope="row">'+(8-r)+'</th>';var f=0;var row=rows[r]||'';for(var j=0;j<row.length;j++){var c=row[j];
if(c==='~')continue;var promoted=row[j+1]==='~';
if(c>='1'&&c<='9'){for(var k=0;k<+c;k++){h+=cell(r,f,'',false);f++;}}else{h+=cell(r,f,c,promoted);f++;}}h+='</tr>';}
h+='<tr><td></td>';for(var f2=0;f2<8;f2++)h+='<th scope="col">'+'abcdefgh'[f2]+'</th>';h+='</tr>';
b.innerHTML=h;var w='',bl='';if(pocket){for(var j=0;j<pocket.length;j++){var c=pocket[j];if(white(c))w+=c;else bl+=c;}}
document.getElementById('wpocket').textContent=w.split('').map(function(c){return G[c];}).join('');
document.getElementById('bpocket').textContent=bl.split('').map(function(c){return G[c];}).join('');
var said=at===0?'The start position.':'Last move: '+d.label+(d.from?', from '+d.from:'')+' to '+d.to+'.';
if(pocket!==null)said+=' White in hand: '+inHand(w)+'. Black in hand: '+inHand(bl)+'.';
document.getElementById('position').textContent=said;
document.getElementById('ply').textContent=at===0?'Start':d.label;document.getElementById('fen').textContent=fen;
var ms=document.querySelectorAll('.moves span');for(var j=0;j<ms.length;j++)ms[j].className=(+ms[j].getAttribute('data-ply')===at)?'cur':'';}
function cell(r,f,c,promoted){var sq='abcdefgh'[f]+(8-r);var d=data[at];var mark=at>0&&sq===d.to?'to':at>0&&sq===d.from?'from':'';
var label=sq+': '+(c?named(c)+(promoted?' (promoted)':''):'empty')+(mark?', last move '+mark+' here':'');
return '<td class="'+((r+f)%2?'d':'l')+(mark?' last':'')+'" data-square="'+sq+'" data-piece="'+c+'" aria-label="'+label+'">'+(c?G[c]:'')+'</td>';}
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
        "\n</style>\n</head>\n<body>\n<header><nav aria-label=\"Club pages\"><a href=\"" + root +
        "index.html\">Club</a><a href=\"" + root +
        "ratings.html\">Ratings</a></nav></header>\n<main>\n<h1>" + html_escape(title) + "</h1>\n" +
        body + "</main>\n";
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
