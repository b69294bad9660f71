# Reference solution in Bash: create the private war-room channel and invite Hannah, Leo and Jonah.
A='Authorization: Bearer xoxb-difflab'
S=https://slack.com/api

# Every member of the directory, following Slack's cursor pagination, one JSON object a line.
members() {
  local cursor=''
  while :; do
    page=$(curl -s -G "$S/users.list" -H "$A" -d limit=200 ${cursor:+--data-urlencode "cursor=$cursor"})
    echo "$page" | jq -c '.members[] | select(.deleted | not)'
    cursor=$(echo "$page" | jq -r '.response_metadata.next_cursor // ""')
    [ -n "$cursor" ] || break
  done
}

members > /tmp/members.jsonl
ids=$(for name in hannah leo jonah; do
  jq -r --arg n "$name" 'select([.real_name, .profile.display_name, (.real_name | split(" ")[0])] | map(ascii_downcase? // "") | index($n)) | .id' /tmp/members.jsonl | head -1
done | paste -sd, -)

channel=$(curl -s -X POST "$S/conversations.create" -H "$A" --json '{"name": "atlas-2-4-warroom", "is_private": true}' | jq -r '.channel.id')
curl -s -X POST "$S/conversations.invite" -H "$A" -d channel="$channel" -d users="$ids" | jq -e .ok > /dev/null
echo "created #atlas-2-4-warroom ($channel) with $ids"
