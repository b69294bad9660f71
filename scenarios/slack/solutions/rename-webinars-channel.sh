# Reference solution in Bash: rename the webinars channel to marketing-events.
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

read -r id name < <(channels -d exclude_archived=true | jq -r 'select(.name | contains("webinar")) | "\(.id) \(.name)"' | head -1)
curl -s -X POST "$S/conversations.rename" -H "$A" -d channel="$id" -d name=marketing-events | jq -r --arg old "$name" '"renamed #\($old) to #\(.channel.name)"'
