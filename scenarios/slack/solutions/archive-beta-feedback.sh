# Reference solution in Bash: archive the Atlas 2.4 beta feedback channel.
A='Authorization: Bearer xoxb-difflab'
S=https://slack.com/api

# Pages through conversations.list until next_cursor is empty, printing each channel as one JSON line.
cursor=''
while :; do
  page=$(curl -s -G "$S/conversations.list" -H "$A" -d types=public_channel,private_channel -d exclude_archived=true -d limit=200 ${cursor:+--data-urlencode "cursor=$cursor"})
  echo "$page" | jq -c '.channels[]'
  cursor=$(echo "$page" | jq -r '.response_metadata.next_cursor // ""')
  [ -n "$cursor" ] || break
done > /tmp/channels.jsonl

read -r id name < <(jq -r 'select((.name | contains("beta")) and (.name | contains("atlas"))) | "\(.id) \(.name)"' /tmp/channels.jsonl | head -1)
curl -s -X POST "$S/conversations.archive" -H "$A" -d channel="$id" | jq -e .ok > /dev/null
echo "archived #$name"
