# Reference solution in Bash: post the refund update on the double-charge incident.
# One GraphQL request: gql QUERY [VARIABLES-JSON] prints .data, and stops the script on errors.
gql() {
  local body vars="$2"
  [ -n "$vars" ] || vars='{}'
  body=$(jq -nc --arg q "$1" --argjson v "$vars" '{query: $q, variables: $v}')
  curl -s https://api.linear.app/graphql -H "Authorization: lin_api_difflab" --json "$body" > /tmp/gql.json
  if jq -e ".errors" /tmp/gql.json > /dev/null; then jq -c .errors /tmp/gql.json >&2; exit 1; fi
  jq -c .data /tmp/gql.json
}

id=$(gql 'query($id: String!) { issue(id: $id) { id } }' '{"id": "PAY-1"}' | jq -r .issue.id)
gql 'mutation($input: CommentCreateInput!) { commentCreate(input: $input) { success } }' \
  "$(jq -nc --arg i "$id" '{input: {issueId: $i, body: "Update: refunds have been issued to all 14 affected customers."}}')" | jq -r '"commented: \(.commentCreate.success)"'
