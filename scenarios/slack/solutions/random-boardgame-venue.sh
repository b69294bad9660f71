# Reference solution in Bash: tell #random that board game night moved.
A="Authorization: Bearer xoxb-difflab"
S=https://slack.com/api

# Every channel the bot can see (conversations.list, all pages by next_cursor), one JSON object a line.
channels() {
  local cursor=""
  while :; do
    page=$(curl -s -G "$S/conversations.list" -H "$A" -d types=public_channel,private_channel -d limit=200 "$@" ${cursor:+--data-urlencode "cursor=$cursor"})
    echo "$page" | jq -c ".channels[]"
    cursor=$(echo "$page" | jq -r ".response_metadata.next_cursor // \"\"")
    [ -n "$cursor" ] || break
  done
}

id=$(channels | jq -r 'select(.name == "random") | .id')
curl -s -X POST "$S/chat.postMessage" -H "$A" --json "$(jq -nc --arg c "$id" --arg t "Heads-up: Friday's board game night has moved to the 4th-floor lounge. Same time, 18:30!" '{channel: $c, text: $t}')" \
  | jq -r '"posted \(.ts) in #random"'
